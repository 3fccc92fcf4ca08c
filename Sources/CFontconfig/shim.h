// fontconfig, for family names and fallback fonts as every Linux desktop resolves them. Only
// `Sources/Measure/Fonts/Fontconfig*.swift` imports this.
#include <fontconfig/fontconfig.h>
