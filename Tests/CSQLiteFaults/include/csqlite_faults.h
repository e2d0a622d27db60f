#ifndef CSQLITE_FAULTS_H
#define CSQLITE_FAULTS_H

/// A fault-injecting SQLite VFS for tests (docs/reliability.md S-02, A-02).
///
/// `wkt_faults_install` registers a VFS that wraps SQLite's default (unix) VFS and makes itself the
/// default, so every connection in the test process goes through it. It passes every call through
/// unchanged except on files whose path starts with the armed prefix: there it counts the
/// operations of the armed kinds (write, fsync, truncate, delete) and fails the Nth one, once or
/// from then on, with the error a real disk would give (SQLITE_IOERR_WRITE or SQLITE_FULL for a
/// write, SQLITE_IOERR_FSYNC, SQLITE_IOERR_TRUNCATE, SQLITE_IOERR_DELETE). It is compiled only into
/// the test targets; the shipped binary never contains it.

/// Operation kinds (bit mask).
enum {
    WKT_FAULT_WRITE = 1,
    WKT_FAULT_SYNC = 2,
    WKT_FAULT_TRUNCATE = 4,
    WKT_FAULT_DELETE = 8,
};

/// Registers the fault VFS as SQLite's default (once; later calls do nothing). Returns an SQLite
/// result code (0 = SQLITE_OK).
int wkt_faults_install(void);

/// Starts counting operations of `kinds` on files under `prefix` and fails the `nth` (1-based);
/// `persistent` non-zero fails every later one too. `write_error` is the code a failed write
/// returns (SQLITE_IOERR_WRITE = 778, SQLITE_FULL = 13). Resets the counters. Waits while another
/// thread has it armed (one armed session per process, until `wkt_faults_disarm` on the same thread).
void wkt_faults_arm(const char *prefix, int nth, int persistent, int kinds, int write_error);

/// Stops injecting and ends the session; the counters keep their values until the next arm.
void wkt_faults_disarm(void);

/// Operations of the armed kinds seen under the prefix since the last arm.
int wkt_faults_seen(void);

/// Failures injected since the last arm.
int wkt_faults_injected(void);

#endif
