#ifndef SLEEVESCAN_CPIDFD_SHIM_H
#define SLEEVESCAN_CPIDFD_SHIM_H
/* glibc 2.36's pidfd calls, which Swift's Glibc module leaves out. */
#include <sys/pidfd.h>
#endif
