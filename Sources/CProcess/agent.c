#include "agent.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

int lf_pidfd_open(int pid) {
    // glibc 2.36 has no wrapper; PIDFD_NONBLOCK is not needed for polling.
    return (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
}

int lf_send_datagram(const char *path, const void *bytes, size_t count) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    size_t length = strlen(path);
    if (length >= sizeof(address.sun_path)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(address.sun_path, path, length + 1);
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    ssize_t sent = sendto(fd, bytes, count, MSG_NOSIGNAL, (const struct sockaddr *)&address,
                          (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + 1));
    int saved = errno;
    close(fd);
    errno = saved;
    return sent == (ssize_t)count ? 0 : -1;
}
