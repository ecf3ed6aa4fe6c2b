"""Ada's Dream, the kit's third game: assistants build a section of Babbage's Analytical Engine.

The rules of the kit's classroom edition (``docs/dream.md``): a :class:`Game` and its
:class:`State` driven by actions (``legal_actions()``, ``apply_action()``, ``is_terminal()``,
``returns()``, ``score_sheet()``), the Mill's equations (:mod:`lnb.dream.mill`), records
(:mod:`lnb.dream.records`), computer players (:mod:`lnb.dream.bots`) and the table
(:mod:`lnb.dream.table`). ``import lnb`` does not import this package.

>>> from lnb.dream import Game, parse_action
>>> state = Game(["Ada", "Bea"], edition="classroom", seed=5).new_initial_state()
>>> state.apply_action(parse_action("Ada: collect 2"))
>>> state.step
'workshop_play'
"""

from lnb.dream.actions import Action, parse_action
from lnb.dream.edition import Area, Colour, Edition
from lnb.dream.mill import LineEquation, Status, equation
from lnb.dream.state import FORMAT, Game, State

__all__ = ["FORMAT", "Action", "Area", "Colour", "Edition", "Game", "LineEquation", "State",
           "Status", "equation", "parse_action"]
