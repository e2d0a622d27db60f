#ifndef CINTERRUPT_H
#define CINTERRUPT_H
/// Installs SIGINT and SIGTERM handlers that only record the signal (async-signal-safe), so a
/// long operation can stop at a safe point and clean up. Returns 0, or -1 with errno set.
int wkt_interrupt_install(void);
/// The first SIGINT/SIGTERM received since install, or 0.
int wkt_interrupt_received(void);
/// Restores the default dispositions.
void wkt_interrupt_restore(void);
#endif
