// The target's one function is `static inline`, in include/CPrefetch.h; a C target needs a source file.
#include "CPrefetch.h"
