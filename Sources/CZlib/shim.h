#include <zlib.h>

// zlib's init calls are macros (they pass the library version and the stream size), which
// Swift cannot call: these wrappers make them functions.

/// Inflate that reads a gzip or a zlib header, whichever the data starts with (15 + 32).
static inline int czlib_inflate_init_gzip_or_zlib(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}

/// Deflate that writes a gzip header and trailer (15 + 16).
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// Raw deflate, without header or trailer (-15): pieces of one stream made apart.
static inline int czlib_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

/// Raw inflate (-15), which reads what `czlib_deflate_init_raw` writes.
static inline int czlib_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}
