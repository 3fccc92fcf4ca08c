// SQLite's C API; the header sits on the default include path when libsqlite3-dev is installed.
#include <sqlite3.h>
