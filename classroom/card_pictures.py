"""The pictures of young pupils' cards (``kit-class new --pictures``), drawn as inline SVG:
a printed card needs no emoji font (a school's Linux laptop often has none, and an emoji
then prints as an empty box). One small drawing per word of
:data:`classroom.words.PICTURES`.

>>> from classroom.words import PICTURES
>>> sorted(DRAWINGS) == sorted(PICTURES)
True
>>> svg = picture_svg("cat")
>>> svg.startswith("<svg") and "aria-label='cat'" in svg and svg.isascii()
True
"""

from __future__ import annotations

import html

_LINE = "stroke='#333' stroke-width='2' stroke-linejoin='round' stroke-linecap='round'"
_EYES = ("<circle cx='24' cy='30' r='3' fill='#222'/><circle cx='40' cy='30' r='3' "
         "fill='#222'/>")

#: Word -> the SVG drawing's elements, in a 64 x 64 box.
DRAWINGS: dict[str, str] = {
    "cat": (f"<path d='M14 28 L16 8 L28 18 Z M50 28 L48 8 L36 18 Z' fill='#f4a340' {_LINE}/>"
            f"<circle cx='32' cy='36' r='20' fill='#f4a340' {_LINE}/>{_EYES}"
            "<path d='M29 38 L35 38 L32 42 Z' fill='#e86a8a'/>"
            "<path d='M8 38 L22 40 M8 46 L22 43 M56 38 L42 40 M56 46 L42 43' stroke='#333' "
            "stroke-width='1.5'/>"),
    "dog": (f"<circle cx='32' cy='34' r='20' fill='#c98a4b' {_LINE}/>"
            f"<ellipse cx='12' cy='32' rx='7' ry='15' fill='#6b4226' {_LINE}/>"
            f"<ellipse cx='52' cy='32' rx='7' ry='15' fill='#6b4226' {_LINE}/>{_EYES}"
            "<ellipse cx='32' cy='42' rx='9' ry='7' fill='#f1d3b0'/>"
            "<ellipse cx='32' cy='39' rx='4' ry='3' fill='#222'/>"
            "<path d='M29 47 Q32 54 35 47 Z' fill='#e0506a'/>"),
    "fish": (f"<path d='M46 32 L60 20 L60 44 Z' fill='#3a8fd6' {_LINE}/>"
             f"<ellipse cx='28' cy='32' rx='22' ry='14' fill='#4fb3f0' {_LINE}/>"
             "<circle cx='16' cy='29' r='3' fill='#222'/>"
             "<path d='M30 22 Q36 32 30 42' fill='none' stroke='#2a6fa8' stroke-width='2'/>"),
    "frog": (f"<circle cx='20' cy='20' r='9' fill='#5cb85c' {_LINE}/>"
             f"<circle cx='44' cy='20' r='9' fill='#5cb85c' {_LINE}/>"
             f"<ellipse cx='32' cy='38' rx='26' ry='18' fill='#5cb85c' {_LINE}/>"
             "<circle cx='20' cy='20' r='5' fill='#fff'/><circle cx='44' cy='20' r='5' "
             "fill='#fff'/><circle cx='20' cy='20' r='2.5' fill='#222'/>"
             "<circle cx='44' cy='20' r='2.5' fill='#222'/>"
             "<path d='M18 40 Q32 52 46 40' fill='none' stroke='#222' stroke-width='2'/>"),
    "owl": (f"<path d='M14 16 L20 6 L26 14 M50 16 L44 6 L38 14' fill='none' {_LINE}/>"
            f"<ellipse cx='32' cy='36' rx='20' ry='24' fill='#9c6b3e' {_LINE}/>"
            "<circle cx='24' cy='26' r='8' fill='#fff' stroke='#333' stroke-width='1.5'/>"
            "<circle cx='40' cy='26' r='8' fill='#fff' stroke='#333' stroke-width='1.5'/>"
            "<circle cx='24' cy='26' r='3.5' fill='#222'/><circle cx='40' cy='26' r='3.5' "
            "fill='#222'/><path d='M29 34 L35 34 L32 40 Z' fill='#f0a020'/>"
            "<ellipse cx='32' cy='48' rx='10' ry='8' fill='#d9b38c'/>"),
    "bee": (f"<ellipse cx='24' cy='18' rx='10' ry='8' fill='#e8f4ff' {_LINE}/>"
            f"<ellipse cx='40' cy='18' rx='10' ry='8' fill='#e8f4ff' {_LINE}/>"
            f"<ellipse cx='32' cy='38' rx='22' ry='15' fill='#f7d22e' {_LINE}/>"
            "<path d='M24 24 L24 52 M33 23 L33 53 M42 25 L42 51' stroke='#222' "
            "stroke-width='5'/><circle cx='15' cy='35' r='2.5' fill='#222'/>"
            f"<path d='M54 38 L61 38' {_LINE}/>"),
    "duck": (f"<ellipse cx='30' cy='42' rx='22' ry='13' fill='#f7d22e' {_LINE}/>"
             f"<circle cx='42' cy='22' r='11' fill='#f7d22e' {_LINE}/>"
             f"<path d='M52 20 L62 24 L52 28 Z' fill='#f08a20' {_LINE}/>"
             "<circle cx='44' cy='19' r='2.5' fill='#222'/>"
             "<path d='M14 40 Q24 34 32 42' fill='none' stroke='#c9a000' stroke-width='2'/>"
             "<path d='M2 58 Q12 54 22 58 T42 58 T62 58' fill='none' stroke='#3a8fd6' "
             "stroke-width='2.5'/>"),
    "lion": (f"<circle cx='32' cy='32' r='28' fill='#b5651d' {_LINE}/>"
             f"<circle cx='32' cy='34' r='18' fill='#f4c542' {_LINE}/>{_EYES}"
             "<path d='M28 38 L36 38 L32 43 Z' fill='#6b3a1e'/>"
             "<path d='M26 46 Q32 50 38 46' fill='none' stroke='#6b3a1e' stroke-width='2'/>"),
    "pig": (f"<path d='M12 22 L16 8 L26 16 Z M52 22 L48 8 L38 16 Z' fill='#f5a3b5' {_LINE}/>"
            f"<circle cx='32' cy='34' r='22' fill='#f7b8c6' {_LINE}/>"
            "<circle cx='23' cy='27' r='3' fill='#222'/><circle cx='41' cy='27' r='3' "
            f"fill='#222'/><ellipse cx='32' cy='41' rx='10' ry='7' fill='#ef8fa6' {_LINE}/>"
            "<circle cx='28' cy='41' r='2' fill='#8a3a4e'/><circle cx='36' cy='41' r='2' "
            "fill='#8a3a4e'/>"),
    "cow": (f"<path d='M14 18 Q6 10 10 4 M50 18 Q58 10 54 4' fill='none' {_LINE}/>"
            f"<ellipse cx='32' cy='30' rx='20' ry='22' fill='#fff' {_LINE}/>"
            "<path d='M14 22 Q20 12 28 18 Q24 28 14 26 Z' fill='#333'/>"
            "<circle cx='40' cy='18' r='5' fill='#333'/>"
            "<circle cx='24' cy='28' r='3' fill='#222'/><circle cx='40' cy='30' r='3' "
            f"fill='#222'/><ellipse cx='32' cy='46' rx='14' ry='9' fill='#f5b5c0' {_LINE}/>"
            "<circle cx='27' cy='46' r='2' fill='#8a3a4e'/><circle cx='37' cy='46' r='2' "
            "fill='#8a3a4e'/>"),
    "fox": (f"<path d='M8 6 L24 18 L12 30 Z M56 6 L40 18 L52 30 Z' fill='#e8742a' {_LINE}/>"
            f"<path d='M6 22 Q32 10 58 22 L32 58 Z' fill='#e8742a' {_LINE}/>"
            "<path d='M12 26 Q22 30 32 58 Q20 40 12 26 Z M52 26 Q42 30 32 58 Q44 40 52 26 Z' "
            "fill='#fff'/><circle cx='24' cy='28' r='3' fill='#222'/>"
            "<circle cx='40' cy='28' r='3' fill='#222'/><circle cx='32' cy='54' r='3.5' "
            "fill='#222'/>"),
    "bear": (f"<circle cx='14' cy='16' r='9' fill='#8b5a2b' {_LINE}/>"
             f"<circle cx='50' cy='16' r='9' fill='#8b5a2b' {_LINE}/>"
             f"<circle cx='32' cy='34' r='22' fill='#8b5a2b' {_LINE}/>{_EYES}"
             "<ellipse cx='32' cy='43' rx='10' ry='8' fill='#d9b38c'/>"
             "<ellipse cx='32' cy='40' rx='4' ry='3' fill='#222'/>"),
    "apple": ("<path d='M32 18 Q44 8 54 20 Q62 36 50 52 Q42 62 32 56 Q22 62 14 52 Q2 36 10 20 "
              f"Q20 8 32 18 Z' fill='#e03a3a' {_LINE}/>"
              f"<path d='M32 18 Q32 10 36 4' fill='none' stroke='#6b3a1e' stroke-width='3'/>"
              f"<path d='M35 12 Q44 2 52 8 Q44 16 35 12 Z' fill='#4caf50' {_LINE}/>"),
    "star": ("<polygon points='32,4 40,23 60,24 44,37 50,58 32,46 14,58 20,37 4,24 24,23' "
             f"fill='#f7c600' {_LINE}/>"),
    "moon": ("<path d='M40 6 A26 26 0 1 0 58 44 A20 20 0 1 1 40 6 Z' fill='#f7d94a' "
             f"{_LINE}/>"),
    "tree": (f"<rect x='27' y='38' width='10' height='22' fill='#8b5a2b' {_LINE}/>"
             f"<circle cx='32' cy='26' r='20' fill='#3fa34d' {_LINE}/>"
             "<circle cx='24' cy='22' r='3' fill='#2e7d32'/>"
             "<circle cx='38' cy='30' r='3' fill='#2e7d32'/>"),
    "car": (f"<path d='M14 34 L20 20 L44 20 L52 34 Z' fill='#e03a3a' {_LINE}/>"
            "<path d='M22 32 L25 24 L31 24 L31 32 Z M35 32 L35 24 L42 24 L46 32 Z' "
            f"fill='#bfe3ff'/><rect x='4' y='32' width='56' height='14' rx='4' "
            f"fill='#e03a3a' {_LINE}/><circle cx='17' cy='47' r='7' fill='#333'/>"
            "<circle cx='47' cy='47' r='7' fill='#333'/><circle cx='17' cy='47' r='3' "
            "fill='#ccc'/><circle cx='47' cy='47' r='3' fill='#ccc'/>"),
    "boat": (f"<path d='M32 6 L32 44' {_LINE}/>"
             f"<path d='M34 8 L54 40 L34 40 Z' fill='#fff' {_LINE}/>"
             f"<path d='M30 14 L14 40 L30 40 Z' fill='#f4f4f4' {_LINE}/>"
             f"<path d='M6 44 L58 44 L50 54 L14 54 Z' fill='#a0522d' {_LINE}/>"
             "<path d='M2 60 Q12 56 22 60 T42 60 T62 60' fill='none' stroke='#3a8fd6' "
             "stroke-width='2.5'/>"),
    "ball": (f"<circle cx='32' cy='32' r='26' fill='#fff' {_LINE}/>"
             "<polygon points='32,22 41,29 38,40 26,40 23,29' fill='#222'/>"
             "<path d='M32 22 L32 7 M41 29 L55 24 M38 40 L47 52 M26 40 L17 52 M23 29 L9 24' "
             "stroke='#333' stroke-width='2'/>"),
    "cake": (f"<path d='M32 4 Q36 10 32 14 Q28 10 32 4 Z' fill='#f7a000'/>"
             f"<rect x='30' y='14' width='4' height='12' fill='#5aa0e6' {_LINE}/>"
             f"<rect x='10' y='26' width='44' height='14' rx='3' fill='#f7b8c6' {_LINE}/>"
             f"<rect x='6' y='40' width='52' height='18' rx='3' fill='#c98a4b' {_LINE}/>"
             "<path d='M10 32 Q16 38 22 32 Q28 38 34 32 Q40 38 46 32 Q50 36 54 32' "
             "fill='none' stroke='#fff' stroke-width='2.5'/>"),
    "rocket": (f"<path d='M26 44 L32 60 L38 44 Z' fill='#f7a000' {_LINE}/>"
               f"<path d='M22 36 L10 48 L22 46 Z M42 36 L54 48 L42 46 Z' fill='#e03a3a' "
               f"{_LINE}/><path d='M32 4 Q46 16 42 46 L22 46 Q18 16 32 4 Z' fill='#e8edf2' "
               f"{_LINE}/><circle cx='32' cy='24' r='6' fill='#5aa0e6' {_LINE}/>"),
    "kite": (f"<polygon points='30,4 50,22 30,44 12,22' fill='#f7c600' {_LINE}/>"
             "<polygon points='30,4 50,22 30,22' fill='#e03a3a'/>"
             "<polygon points='30,22 12,22 30,44' fill='#3a8fd6'/>"
             "<path d='M30 4 L30 44 M12 22 L50 22' stroke='#333' stroke-width='1.5'/>"
             "<path d='M30 44 Q38 50 32 56 Q26 60 34 62' fill='none' stroke='#333' "
             "stroke-width='1.5'/><path d='M31 50 L37 47 L36 53 Z M29 58 L24 55 L24 61 Z' "
             "fill='#e03a3a'/>"),
    "snail": ("<path d='M4 52 L50 52 Q58 52 58 44 L58 38' fill='#c8d96f' stroke='#333' "
              f"stroke-width='2'/><path d='M52 38 L48 26 M58 38 L60 26' {_LINE}/>"
              "<circle cx='48' cy='25' r='2' fill='#333'/><circle cx='60' cy='25' r='2' "
              f"fill='#333'/><circle cx='28' cy='34' r='18' fill='#c9853e' {_LINE}/>"
              "<path d='M28 34 m0 -3 a3 3 0 1 1 -3 3 a6 6 0 1 1 6 6 a9 9 0 1 1 -9 -9 "
              "a12 12 0 1 1 12 12' fill='none' stroke='#6b3a1e' stroke-width='2'/>"),
    "whale": ("<path d='M28 14 Q24 6 18 8 M28 14 Q30 6 36 6 M28 14 L28 20' fill='none' "
              "stroke='#3a8fd6' stroke-width='2.5' stroke-linecap='round'/>"
              "<path d='M6 38 Q6 20 30 22 Q50 24 52 38 L62 28 L60 46 L50 42 Q40 54 22 52 "
              f"Q6 50 6 38 Z' fill='#3a7fc4' {_LINE}/>"
              "<path d='M10 42 Q24 50 44 44' fill='none' stroke='#bfe3ff' stroke-width='3'/>"
              "<circle cx='18' cy='34' r='2.5' fill='#fff'/>"),
}


def picture_svg(word: str, size: str = "16mm") -> str:
    """The card's picture of ``word`` as an inline SVG element, ``size`` wide and high; the
    word is its accessible name."""
    name = html.escape(word, quote=True)
    return (f"<svg class='picture' role='img' aria-label='{name}' viewBox='0 0 64 64' "
            f"width='{size}' height='{size}' xmlns='http://www.w3.org/2000/svg'>"
            f"{DRAWINGS[word]}</svg>")
