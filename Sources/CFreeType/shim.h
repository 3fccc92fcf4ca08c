// The FreeType headers this package uses. FreeType wants its headers included through <ft2build.h> and the
// FT_*_H macros, which a module map cannot name directly, hence this shim.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_OUTLINE_H
#include FT_FONT_FORMATS_H
