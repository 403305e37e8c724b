"""Pixel helpers shared by the browser checks (.ci/check-browser.py and
.ci/check-browser-fixtures.py): a PNG decoder for Chromium's screenshots, the yellow and
magenta tests, and sample points inside a layer's box on the screenshot."""
import struct, zlib


def png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
            bpp = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line)); prev = line
    return lambda x, y: tuple(rows[y][x * bpp:x * bpp + 3]), width, height


def yellow(px): r, g, b = px; return r >= 200 and g >= 150 and b <= 130
def magenta(px): r, g, b = px; return r >= 180 and g <= 140


def samples(box, origin, scale, inset=3):
    x0, y0, bw, bh = box
    left, top = origin[0] + x0 * scale + inset, origin[1] + y0 * scale + inset
    right, bottom = origin[0] + (x0 + bw) * scale - inset, origin[1] + (y0 + bh) * scale - inset
    if right <= left or bottom <= top:
        return []
    # Every 4th pixel: margins a few points wide are sampled too.
    return [(x, y) for x in range(int(left), int(right) + 1, 4) for y in range(int(top), int(bottom) + 1, 4)]


def inside(pt, box, origin, scale, pad=2):
    x0, y0, bw, bh = box
    return (origin[0] + x0 * scale - pad <= pt[0] <= origin[0] + (x0 + bw) * scale + pad
            and origin[1] + y0 * scale - pad <= pt[1] <= origin[1] + (y0 + bh) * scale + pad)
