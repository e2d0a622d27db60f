#include <signal.h>
#include <string.h>
#include "cinterrupt.h"

/* Signal dispositions are process-wide by nature; this flag is their one piece of state. */
static volatile sig_atomic_t received = 0;

static void record(int signo) {
    if (received == 0) received = signo;
}

int wkt_interrupt_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = record;
    sigemptyset(&action.sa_mask);
    received = 0;
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    if (sigaction(SIGTERM, &action, NULL) != 0) return -1;
    /* A parent may have started us with these signals blocked (the mask survives exec):
       unblock them so they reach the handler. */
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    return sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

int wkt_interrupt_received(void) { return received; }

void wkt_interrupt_restore(void) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}
