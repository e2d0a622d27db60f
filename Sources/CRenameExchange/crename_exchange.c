#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include "crename_exchange.h"

int wkt_rename_exchange(const char *from, const char *to) {
#ifdef RENAME_EXCHANGE
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1; /* caller falls back to two renames */
#endif
}
