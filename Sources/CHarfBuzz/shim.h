// The HarfBuzz headers this package uses: the shaper, and the OpenType layout queries that tell which lookups a
// shape plan applies (so the fast path can prove it reproduces them). Only `Sources/Measure/Shaping` imports this.
#include <hb.h>
#include <hb-ot.h>
