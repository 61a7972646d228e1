#include "exec/worker_channel.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace objgen {

bool send_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= static_cast<size_t>(k);
  }
  return true;
}

bool receive_all(int fd, void* data, size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    ssize_t k = recv(fd, p, n, 0);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= static_cast<size_t>(k);
  }
  return true;
}

bool receive_available(int fd, std::string& into) {
  char chunk[1 << 16];
  for (;;) {
    ssize_t k = recv(fd, chunk, sizeof chunk, MSG_DONTWAIT);
    if (k > 0) {
      into.append(chunk, static_cast<size_t>(k));
      continue;
    }
    if (k < 0 && errno == EINTR) continue;
    return k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

bool WorkerInbox::fill(int fd) { return receive_available(fd, buffer_); }

WorkerInbox::Next WorkerInbox::next(WorkerMessage& m, std::string& payload, size_t max_payload) {
  if (buffer_.size() < sizeof m) return Next::Incomplete;
  std::memcpy(&m, buffer_.data(), sizeof m);
  if (m.kind < WorkerMessage::Loaded || m.kind > WorkerMessage::Done || m.payload > max_payload ||
      (m.kind == WorkerMessage::Record) != (m.payload >= sizeof(CandidateRecord)))
    return Next::Malformed;
  if (buffer_.size() < sizeof m + m.payload) return Next::Incomplete;
  payload.assign(buffer_, sizeof m, m.payload);
  buffer_.erase(0, sizeof m + m.payload);
  return Next::Message;
}

void CarefulWatch::say_at() {
  WorkerMessage m{WorkerMessage::At, 0, current_, phase_, explored_ ? explored_->explored.load() : 0, 0};
  if (!send_all(fd_, &m, sizeof m)) _exit(0);  // objgen is gone
}

void CarefulWatch::at(uint64_t candidate) {
  if (current_ != UINT64_MAX) finish();
  current_ = candidate;
  phase_ = 0;
  say_at();
}

void CarefulWatch::phase(uint64_t phase) {
  if (phase == phase_) return;
  finish();  // a step of objgen's own (a copy, a contract check) ran code under test too: its own blame
  phase_ = phase;
  say_at();
}

// (Called at each candidate and phase: what changed the region since is the previous one's doing.)
void CarefulWatch::finish() {
  if (current_ == UINT64_MAX || shared_.watched_intact(seed_)) return;
  WorkerMessage m{WorkerMessage::Damaged, 0, current_, phase_, 0, 0};
  send_all(fd_, &m, sizeof m);
  _exit(0);
}

void CarefulWatch::record(const CandidateRecord& r, std::string_view text) {
  WorkerMessage m{WorkerMessage::Record, static_cast<uint32_t>(sizeof r + text.size()), 0, 0, 0, 0};
  if (!send_all(fd_, &m, sizeof m) || !send_all(fd_, &r, sizeof r) || !send_all(fd_, text.data(), text.size())) _exit(0);
}

}  // namespace objgen
