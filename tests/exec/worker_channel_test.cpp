// The socket between objgen and a worker: bytes sent and received whole, reads that never block,
// the inbox that only hands out messages of a known kind and size, and the careful watch that
// reports each candidate, phase and record, and a call that wrote over the watched region.
#include "exec/worker_channel.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace worker_channel_test {

using namespace objgen;

// Both ends of a stream socket, closed at the end of the test.
struct SocketPair {
  int ours = -1, theirs = -1;
  SocketPair() {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0) ours = fds[0], theirs = fds[1];
  }
  ~SocketPair() {
    close_theirs();
    if (ours >= 0) close(ours);
  }
  void close_theirs() {
    if (theirs >= 0) close(theirs);
    theirs = -1;
  }
};

std::string message_bytes(const WorkerMessage& m, const std::string& payload = {}) {
  std::string out(reinterpret_cast<const char*>(&m), sizeof m);
  return out + payload;
}

// Everything the inbox holds now, as (kind, a, b) triples; stops at the first non-message.
struct Received {
  std::vector<WorkerMessage> messages;
  std::vector<std::string> payloads;
  WorkerInbox::Next last = WorkerInbox::Next::Incomplete;
};
Received drain(int fd, WorkerInbox& inbox) {
  Received r;
  inbox.fill(fd);
  for (;;) {
    WorkerMessage m{};
    std::string payload;
    r.last = inbox.next(m, payload, 1 << 16);
    if (r.last != WorkerInbox::Next::Message) return r;
    r.messages.push_back(m);
    r.payloads.push_back(payload);
  }
}

TEST(WorkerChannel, SendAllAndReceiveAllMoveMoreThanTheSocketHolds) {
  SocketPair s;
  ASSERT_GE(s.ours, 0);
  std::string sent(1 << 20, '\0');
  for (size_t i = 0; i < sent.size(); ++i) sent[i] = static_cast<char>(i * 7 + i / 256);
  bool sent_ok = false;
  std::thread writer([&] { sent_ok = send_all(s.theirs, sent.data(), sent.size()); });
  std::string got(sent.size(), '\0');
  EXPECT_TRUE(receive_all(s.ours, got.data(), got.size()));
  writer.join();
  EXPECT_TRUE(sent_ok);
  EXPECT_EQ(got, sent);
}

TEST(WorkerChannel, ReceiveAllFailsWhenTheStreamEndsShort) {
  SocketPair s;
  ASSERT_TRUE(send_all(s.theirs, "abc", 3));
  s.close_theirs();
  char buffer[8];
  EXPECT_FALSE(receive_all(s.ours, buffer, sizeof buffer));
}

TEST(WorkerChannel, SendAllToAClosedPeerFailsWithoutSigpipe) {
  SocketPair s;
  close(s.ours);
  s.ours = -1;
  // MSG_NOSIGNAL: the process would die of SIGPIPE here otherwise.
  EXPECT_FALSE(send_all(s.theirs, "x", 1));
}

TEST(WorkerChannel, ReceiveAvailableNeverBlocksAndSaysWhenThePeerIsGone) {
  SocketPair s;
  std::string into = "kept:";
  EXPECT_TRUE(receive_available(s.ours, into));  // nothing there: no wait, still open
  EXPECT_EQ(into, "kept:");
  ASSERT_TRUE(send_all(s.theirs, "hello", 5));
  EXPECT_TRUE(receive_available(s.ours, into));
  EXPECT_EQ(into, "kept:hello");
  ASSERT_TRUE(send_all(s.theirs, "bye", 3));
  s.close_theirs();
  EXPECT_FALSE(receive_available(s.ours, into));  // closed, but what came before is still read
  EXPECT_EQ(into, "kept:hellobye");
}

TEST(WorkerChannel, InboxHandsOutOnlyWholeMessages) {
  SocketPair s;
  WorkerInbox inbox;
  CandidateRecord r{};
  r.candidate = 42;
  std::string record_payload(reinterpret_cast<const char*>(&r), sizeof r);
  record_payload += "text";
  std::string bytes = message_bytes({WorkerMessage::Loaded, 0, 1, 2, 3, 4}) +
                      message_bytes({WorkerMessage::Record, static_cast<uint32_t>(record_payload.size()), 0, 0, 0, 0}, record_payload);
  // The first message and half the second's payload: the second waits for the rest.
  size_t cut = sizeof(WorkerMessage) * 2 + 10;
  ASSERT_TRUE(send_all(s.theirs, bytes.data(), cut));
  Received first = drain(s.ours, inbox);
  ASSERT_EQ(first.messages.size(), 1u);
  EXPECT_EQ(first.messages[0].kind, WorkerMessage::Loaded);
  EXPECT_EQ(first.messages[0].d, 4u);
  EXPECT_EQ(first.last, WorkerInbox::Next::Incomplete);
  ASSERT_TRUE(send_all(s.theirs, bytes.data() + cut, bytes.size() - cut));
  Received second = drain(s.ours, inbox);
  ASSERT_EQ(second.messages.size(), 1u);
  EXPECT_EQ(second.messages[0].kind, WorkerMessage::Record);
  EXPECT_EQ(second.payloads[0], record_payload);
  EXPECT_EQ(second.last, WorkerInbox::Next::Incomplete);
}

TEST(WorkerChannel, InboxRefusesUnknownKindsAndBadSizes) {
  auto verdict = [](const WorkerMessage& m, size_t max_payload = 1 << 16) {
    SocketPair s;
    WorkerInbox inbox;
    std::string bytes = message_bytes(m, std::string(m.payload, 'p'));
    EXPECT_TRUE(send_all(s.theirs, bytes.data(), bytes.size()));
    inbox.fill(s.ours);
    WorkerMessage out{};
    std::string payload;
    return inbox.next(out, payload, max_payload);
  };
  WorkerMessage zero_kind{};
  std::memset(&zero_kind, 0, sizeof zero_kind);
  EXPECT_EQ(verdict(zero_kind), WorkerInbox::Next::Malformed);
  WorkerMessage past_done{WorkerMessage::Done, 0, 0, 0, 0, 0};
  past_done.kind = static_cast<decltype(past_done.kind)>(WorkerMessage::Done + 1);
  EXPECT_EQ(verdict(past_done), WorkerInbox::Next::Malformed);
  // A record too short to hold its CandidateRecord; a message of another kind carrying one.
  EXPECT_EQ(verdict({WorkerMessage::Record, 8, 0, 0, 0, 0}), WorkerInbox::Next::Malformed);
  EXPECT_EQ(verdict({WorkerMessage::Done, sizeof(CandidateRecord), 0, 0, 0, 0}), WorkerInbox::Next::Malformed);
  // A payload over the caller's bound, however well formed otherwise.
  EXPECT_EQ(verdict({WorkerMessage::Record, sizeof(CandidateRecord) + 100, 0, 0, 0, 0}, sizeof(CandidateRecord)),
            WorkerInbox::Next::Malformed);
  EXPECT_EQ(verdict({WorkerMessage::Done, 0, 7, 8, 9, 10}), WorkerInbox::Next::Message);
}

TEST(WorkerChannel, CarefulWatchSaysEachCandidatePhaseAndRecord) {
  SocketPair s;
  JobRegion shared(4, 256, false);
  const uint64_t seed = 0x5eed5eed12345678ULL;
  shared.fill_watched(seed);
  JobHeader explored{};
  explored.explored.store(17);
  CarefulWatch watch(s.theirs, shared, seed, &explored);
  WorkerProgress progress(&explored.current, &watch);
  progress.store(5);
  watch.phase(3);
  watch.phase(3);  // the same phase again: nothing to say
  progress.fetch_add(2);
  CandidateRecord r{};
  r.candidate = 7;
  watch.record(r, "why");
  watch.finish();  // the region is intact: no Damaged, and the worker goes on
  EXPECT_EQ(explored.current.load(), 7u);

  WorkerInbox inbox;
  Received got = drain(s.ours, inbox);
  ASSERT_EQ(got.messages.size(), 4u);
  EXPECT_EQ(got.messages[0].kind, WorkerMessage::At);
  EXPECT_EQ(got.messages[0].a, 5u);
  EXPECT_EQ(got.messages[0].b, 0u);
  EXPECT_EQ(got.messages[0].c, 17u);  // the attempt's explored count travels with each candidate
  EXPECT_EQ(got.messages[1].kind, WorkerMessage::At);
  EXPECT_EQ(got.messages[1].a, 5u);
  EXPECT_EQ(got.messages[1].b, 3u);
  EXPECT_EQ(got.messages[2].kind, WorkerMessage::At);
  EXPECT_EQ(got.messages[2].a, 7u);  // fetch_add reports the candidate it moved to
  EXPECT_EQ(got.messages[2].b, 0u);
  EXPECT_EQ(got.messages[3].kind, WorkerMessage::Record);
  ASSERT_EQ(got.payloads[3].size(), sizeof(CandidateRecord) + 3);
  EXPECT_EQ(got.payloads[3].substr(sizeof(CandidateRecord)), "why");
  CandidateRecord back;
  std::memcpy(&back, got.payloads[3].data(), sizeof back);
  EXPECT_EQ(back.candidate, 7u);
}

TEST(WorkerChannel, CarefulWatchEndsTheWorkerWhenACallWroteOverTheRegion) {
  SocketPair s;
  JobRegion shared(4, 256, false);
  const uint64_t seed = 0x0123456789abcdefULL;
  shared.fill_watched(seed);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // the worker: candidate 3's call scribbles on the region
    CarefulWatch watch(s.theirs, shared, seed, nullptr);
    watch.at(3);
    static_cast<char*>(shared.bytes())[100] ^= 1;
    watch.at(4);  // checks candidate 3's call first: reports it and ends the process
    _exit(99);
  }
  s.close_theirs();
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  WorkerInbox inbox;
  Received got = drain(s.ours, inbox);
  ASSERT_EQ(got.messages.size(), 2u);
  EXPECT_EQ(got.messages[0].kind, WorkerMessage::At);
  EXPECT_EQ(got.messages[1].kind, WorkerMessage::Damaged);
  EXPECT_EQ(got.messages[1].a, 3u);  // blamed on the call that did it, not the next candidate
}

TEST(WorkerChannel, WorkerPhaseIsPerThreadAndZeroWithoutAWord) {
  EXPECT_EQ(worker_phase(), 0u);
  set_worker_phase(9);  // no word to publish to: nothing happens
  EXPECT_EQ(worker_phase(), 0u);
  std::atomic<uint64_t> word{0};
  t_worker_phase = &word;
  set_worker_phase(12);
  EXPECT_EQ(worker_phase(), 12u);
  uint64_t other_thread = 1;
  std::thread([&] { other_thread = worker_phase(); }).join();
  EXPECT_EQ(other_thread, 0u);
  t_worker_phase = nullptr;
}

}  // namespace worker_channel_test
