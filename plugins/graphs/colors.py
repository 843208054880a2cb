"""Chart colours (SPEC 5: "Colours may be English names, rgb, rgba or hex"): the CSS named
colours (CSS Color Module Level 4, plus transparent), rgb(r, g, b) and rgba(r, g, b, a) with
0-255 channels (or percentages) and alpha 0-1, and hex #rgb, #rgba, #rrggbb or #rrggbbaa.
A colour is stored as written (trimmed), names in lower case."""

import re

import colander

from smogpanel.schemas import described

NAMES = frozenset(
    """
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue
darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange
darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise
darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia
gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo
ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon
mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red
rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
whitesmoke yellow yellowgreen
transparent
""".split()
)

_CHANNEL = r"\s*(\d{1,3}(?:\.\d+)?%?)\s*"
_ALPHA = r"\s*(0|1|0?\.\d+|1\.0+|\d{1,3}(?:\.\d+)?%)\s*"
RGB = re.compile(rf"rgb\({_CHANNEL},{_CHANNEL},{_CHANNEL}\)", re.IGNORECASE)
RGBA = re.compile(rf"rgba\({_CHANNEL},{_CHANNEL},{_CHANNEL},{_ALPHA}\)", re.IGNORECASE)
HEX = re.compile(r"#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})", re.IGNORECASE)
MESSAGE = (
    "„{shown}” nie jest kolorem. Podaj angielską nazwę (np. red), rgb(255, 0, 0), "
    "rgba(255, 0, 0, 0.5) albo zapis szesnastkowy (np. #ff0000)."
)


def _channel_ok(text):
    if text.endswith("%"):
        return float(text[:-1]) <= 100
    return float(text) <= 255


def _alpha_ok(text):
    if text.endswith("%"):
        return float(text[:-1]) <= 100
    return float(text) <= 1


def normalize_color(text):
    """The colour as stored, or None when `text` is no colour."""
    if not isinstance(text, str):
        return None
    value = text.strip()
    lowered = value.lower()
    if lowered in NAMES:
        return lowered
    if HEX.fullmatch(value):
        return lowered
    match = RGB.fullmatch(value) or RGBA.fullmatch(value)
    if match:
        channels = match.groups()[:3]
        alpha = match.groups()[3:]
        if all(_channel_ok(c) for c in channels) and all(_alpha_ok(a) for a in alpha):
            return lowered
    return None


@described(
    pattern=r"^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$",
    description="#rgb, #rrggbb (i z przezroczystością), a także angielska nazwa koloru, rgb() albo rgba().",
)
class Color(colander.String):
    """A required colour field."""

    def deserialize(self, node, cstruct):
        if cstruct is colander.null or cstruct is None or cstruct == "":
            return colander.null
        color = normalize_color(cstruct)
        if color is None:
            shown = cstruct[:40] if isinstance(cstruct, str) else "Ta wartość"
            raise colander.Invalid(node, MESSAGE.format(shown=shown))
        return color


def ColorNode(title="Kolor", **kw):
    return colander.SchemaNode(Color(), title=title, **kw)
