#ifndef CRENAME_EXCHANGE_H
#define CRENAME_EXCHANGE_H
/// Atomically exchanges two paths (renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set on failure (or when unsupported).
int wkt_rename_exchange(const char *from, const char *to);
#endif
