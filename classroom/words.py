"""The built-in word lists of pupils' cards: 256 easy words (two make a secret, 16 bits)
and pictures with their word, for young pupils (a picture and a number).

>>> len(WORDS), len(set(WORDS)), all(w.isalpha() and w.islower() for w in WORDS)
(256, 256, True)
>>> len(PICTURES), all(w in WORDS for w in PICTURES)
(24, True)
"""

from __future__ import annotations

_TEXT = """
    ant bat bear bee bird cat cow crab deer dog duck eel fish fox frog goat hen horse lamb
    lion mole moth mouse owl panda pig pony seal shark sheep snail snake swan tiger toad
    whale wolf worm zebra yak koala camel otter llama robin crow hawk hare puma tuna apple
    bean berry bread bun cake carrot cheese cherry corn egg grape honey jam kiwi lemon
    lime mango melon milk nut olive onion orange pasta peach pear pea pepper pie pizza
    plum rice salad soup tea toast tomato pancake waffle anchor bag ball bell boat book
    boot bottle box brush bucket button candle cap car chair clock coat comb cup desk drum
    fan flag fork glove hat jar kettle key kite ladder lamp map mug nail net pan pen
    pencil piano pillow pot rope ruler sock sofa spoon table tent train truck van violin
    wagon wheel window zip rocket robot acorn beach cloud daisy desert field forest garden
    grass hill island lake leaf moon mountain ocean pebble planet pond rain river rock
    rose sand sea shell sky snow star stone storm sun tree tulip valley wave wind comet
    meadow rainbow red blue green yellow pink purple gold silver brown black white happy
    brave calm quick quiet sunny lucky jolly kind fast tall tiny giant soft warm cool
    shiny funny clever castle bridge tower village farm school park market circus palace
    flute guitar trumpet song dance goal race swim jump skate kick dragon wizard pirate
    king queen knight fairy ghost monster hero captain ninja parrot penguin rabbit
"""
WORDS: tuple[str, ...] = tuple(_TEXT.split())

#: Word -> its emoji, for ``--pictures`` cards (the printed card draws its own picture, in
#: classroom/card_pictures.py: no emoji font is needed to print it).
PICTURES: dict[str, str] = {
    "cat": "🐱", "dog": "🐶", "fish": "🐟", "frog": "🐸", "owl": "🦉", "bee": "🐝",
    "duck": "🦆", "lion": "🦁", "pig": "🐷", "cow": "🐮", "fox": "🦊", "bear": "🐻",
    "apple": "🍎", "star": "⭐", "moon": "🌙", "tree": "🌳", "car": "🚗", "boat": "⛵",
    "ball": "⚽", "cake": "🎂", "rocket": "🚀", "kite": "🪁",
    "snail": "🐌", "whale": "🐳",
}
