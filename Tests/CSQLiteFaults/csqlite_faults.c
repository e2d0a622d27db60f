#include "csqlite_faults.h"

#include <pthread.h>
#include <sqlite3.h>
#include <string.h>

// The armed state, guarded by one mutex (SQLite calls in from GRDB's queue threads).
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
/* Held from arm to disarm: the armed state is process-wide, and every test target runs in one
   process, so two suites arming at once would reset each other's counters. */
static pthread_mutex_t session_lock = PTHREAD_MUTEX_INITIALIZER;
static char armed_prefix[4096];
static int armed = 0;
static int fail_at = 0;
static int fail_persistent = 0;
static int armed_kinds = 0;
static int write_error_code = SQLITE_IOERR_WRITE;
static int seen = 0;
static int injected = 0;

static sqlite3_vfs *real_vfs = NULL;

/// Counts one operation of `kind` on `path`; returns non-zero when it must fail.
static int should_fail(const char *path, int kind) {
    int fail = 0;
    pthread_mutex_lock(&state_lock);
    if (armed && path != NULL && (armed_kinds & kind) != 0
        && strncmp(path, armed_prefix, strlen(armed_prefix)) == 0) {
        seen += 1;
        if (seen == fail_at || (fail_persistent && seen > fail_at)) {
            fail = 1;
            injected += 1;
        }
    }
    pthread_mutex_unlock(&state_lock);
    return fail;
}

/// An open file: our methods in front, the real VFS's file right behind.
typedef struct FaultFile {
    sqlite3_file base;
    const char *name;       // valid until xClose (SQLite's contract for xOpen's zName)
    sqlite3_file *real;
} FaultFile;

#define REAL(file) (((FaultFile *)(file))->real)

static int f_close(sqlite3_file *file) { return REAL(file)->pMethods->xClose(REAL(file)); }
static int f_read(sqlite3_file *file, void *buf, int amount, sqlite3_int64 offset) {
    return REAL(file)->pMethods->xRead(REAL(file), buf, amount, offset);
}
static int f_write(sqlite3_file *file, const void *buf, int amount, sqlite3_int64 offset) {
    if (should_fail(((FaultFile *)file)->name, WKT_FAULT_WRITE)) { return write_error_code; }
    return REAL(file)->pMethods->xWrite(REAL(file), buf, amount, offset);
}
static int f_truncate(sqlite3_file *file, sqlite3_int64 size) {
    if (should_fail(((FaultFile *)file)->name, WKT_FAULT_TRUNCATE)) { return SQLITE_IOERR_TRUNCATE; }
    return REAL(file)->pMethods->xTruncate(REAL(file), size);
}
static int f_sync(sqlite3_file *file, int flags) {
    if (should_fail(((FaultFile *)file)->name, WKT_FAULT_SYNC)) { return SQLITE_IOERR_FSYNC; }
    return REAL(file)->pMethods->xSync(REAL(file), flags);
}
static int f_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    return REAL(file)->pMethods->xFileSize(REAL(file), size);
}
static int f_lock(sqlite3_file *file, int level) { return REAL(file)->pMethods->xLock(REAL(file), level); }
static int f_unlock(sqlite3_file *file, int level) { return REAL(file)->pMethods->xUnlock(REAL(file), level); }
static int f_check_reserved(sqlite3_file *file, int *out) {
    return REAL(file)->pMethods->xCheckReservedLock(REAL(file), out);
}
static int f_file_control(sqlite3_file *file, int op, void *arg) {
    return REAL(file)->pMethods->xFileControl(REAL(file), op, arg);
}
static int f_sector_size(sqlite3_file *file) { return REAL(file)->pMethods->xSectorSize(REAL(file)); }
static int f_device_characteristics(sqlite3_file *file) {
    return REAL(file)->pMethods->xDeviceCharacteristics(REAL(file));
}
static int f_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
    if (REAL(file)->pMethods->iVersion < 2) { return SQLITE_IOERR; }
    return REAL(file)->pMethods->xShmMap(REAL(file), page, size, extend, out);
}
static int f_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
    if (REAL(file)->pMethods->iVersion < 2) { return SQLITE_IOERR; }
    return REAL(file)->pMethods->xShmLock(REAL(file), offset, n, flags);
}
static void f_shm_barrier(sqlite3_file *file) {
    if (REAL(file)->pMethods->iVersion >= 2) { REAL(file)->pMethods->xShmBarrier(REAL(file)); }
}
static int f_shm_unmap(sqlite3_file *file, int delete_flag) {
    if (REAL(file)->pMethods->iVersion < 2) { return SQLITE_OK; }
    return REAL(file)->pMethods->xShmUnmap(REAL(file), delete_flag);
}
static int f_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    if (REAL(file)->pMethods->iVersion < 3) { *out = NULL; return SQLITE_OK; }
    return REAL(file)->pMethods->xFetch(REAL(file), offset, amount, out);
}
static int f_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    if (REAL(file)->pMethods->iVersion < 3) { return SQLITE_OK; }
    return REAL(file)->pMethods->xUnfetch(REAL(file), offset, page);
}

static const sqlite3_io_methods fault_methods = {
    3, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock, f_check_reserved,
    f_file_control, f_sector_size, f_device_characteristics, f_shm_map, f_shm_lock, f_shm_barrier,
    f_shm_unmap, f_fetch, f_unfetch,
};

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    FaultFile *fault = (FaultFile *)file;
    fault->name = name;
    fault->real = (sqlite3_file *)&fault[1];
    int rc = real_vfs->xOpen(real_vfs, name, fault->real, flags, out_flags);
    // SQLite calls xClose only when pMethods is set, so set it only when the real file is open.
    fault->base.pMethods = fault->real->pMethods != NULL ? &fault_methods : NULL;
    return rc;
}
static int v_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    (void)vfs;
    if (should_fail(name, WKT_FAULT_DELETE)) { return SQLITE_IOERR_DELETE; }
    return real_vfs->xDelete(real_vfs, name, sync_dir);
}
static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    (void)vfs;
    return real_vfs->xAccess(real_vfs, name, flags, out);
}
static int v_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return real_vfs->xFullPathname(real_vfs, name, size, out);
}
static void *v_dl_open(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return real_vfs->xDlOpen(real_vfs, name);
}
static void v_dl_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    real_vfs->xDlError(real_vfs, size, out);
}
static void (*v_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return real_vfs->xDlSym(real_vfs, handle, symbol);
}
static void v_dl_close(sqlite3_vfs *vfs, void *handle) {
    (void)vfs;
    real_vfs->xDlClose(real_vfs, handle);
}
static int v_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return real_vfs->xRandomness(real_vfs, size, out);
}
static int v_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return real_vfs->xSleep(real_vfs, microseconds);
}
static int v_current_time(sqlite3_vfs *vfs, double *out) {
    (void)vfs;
    return real_vfs->xCurrentTime(real_vfs, out);
}
static int v_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return real_vfs->xGetLastError(real_vfs, size, out);
}
static int v_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    (void)vfs;
    return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

static sqlite3_vfs fault_vfs;

int wkt_faults_install(void) {
    pthread_mutex_lock(&state_lock);
    int rc = SQLITE_OK;
    if (real_vfs == NULL) {
        sqlite3_vfs *found = sqlite3_vfs_find(NULL);
        if (found == NULL) {
            rc = SQLITE_ERROR;
        } else {
            real_vfs = found;
            memset(&fault_vfs, 0, sizeof fault_vfs);
            fault_vfs.iVersion = 2;
            fault_vfs.szOsFile = (int)sizeof(FaultFile) + found->szOsFile;
            fault_vfs.mxPathname = found->mxPathname;
            fault_vfs.zName = "wkt-faults";
            fault_vfs.xOpen = v_open;
            fault_vfs.xDelete = v_delete;
            fault_vfs.xAccess = v_access;
            fault_vfs.xFullPathname = v_full_pathname;
            fault_vfs.xDlOpen = v_dl_open;
            fault_vfs.xDlError = v_dl_error;
            fault_vfs.xDlSym = v_dl_sym;
            fault_vfs.xDlClose = v_dl_close;
            fault_vfs.xRandomness = v_randomness;
            fault_vfs.xSleep = v_sleep;
            fault_vfs.xCurrentTime = v_current_time;
            fault_vfs.xGetLastError = v_get_last_error;
            fault_vfs.xCurrentTimeInt64 = v_current_time_int64;
            rc = sqlite3_vfs_register(&fault_vfs, 1);
            if (rc != SQLITE_OK) { real_vfs = NULL; }
        }
    }
    pthread_mutex_unlock(&state_lock);
    return rc;
}

void wkt_faults_arm(const char *prefix, int nth, int persistent, int kinds, int write_error) {
    pthread_mutex_lock(&session_lock);
    pthread_mutex_lock(&state_lock);
    strncpy(armed_prefix, prefix, sizeof armed_prefix - 1);
    armed_prefix[sizeof armed_prefix - 1] = '\0';
    fail_at = nth;
    fail_persistent = persistent;
    armed_kinds = kinds;
    write_error_code = write_error;
    seen = 0;
    injected = 0;
    armed = 1;
    pthread_mutex_unlock(&state_lock);
}

void wkt_faults_disarm(void) {
    pthread_mutex_lock(&state_lock);
    armed = 0;
    pthread_mutex_unlock(&state_lock);
    pthread_mutex_unlock(&session_lock);
}

int wkt_faults_seen(void) {
    pthread_mutex_lock(&state_lock);
    int value = seen;
    pthread_mutex_unlock(&state_lock);
    return value;
}

int wkt_faults_injected(void) {
    pthread_mutex_lock(&state_lock);
    int value = injected;
    pthread_mutex_unlock(&state_lock);
    return value;
}
