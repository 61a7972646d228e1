#include "exec/mpi_cluster.hpp"

#include <linux/capability.h>
#include <mpi.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

namespace objgen {
namespace {

int checked_count(size_t bytes) {
  if (bytes > static_cast<size_t>(INT_MAX))
    throw std::length_error("an MPI message of " + std::to_string(bytes) + " bytes (more than 2 GiB): objgen's bug");
  return static_cast<int>(bytes);
}

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI ") + what + " failed");
}

bool has_capability(int cap) {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3]{};
  return syscall(SYS_capget, &header, data) == 0 && (data[cap / 32].effective & (1u << (cap % 32)));
}

class MpiCluster final : public Cluster {
 public:
  MpiCluster(int* argc, char*** argv) {
    // objgen is not dumpable (confinement.hpp), so Open MPI's single copy between the ranks of a
    // node (CMA: process_vm_readv of the other rank) fails without CAP_SYS_PTRACE ("Read -1,
    // errno = 1"): then the ranks copy through shared memory. A user's own setting wins.
    if (!has_capability(CAP_SYS_PTRACE)) setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 0);
    int provided = 0;
    check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "init");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    piece_ = static_cast<uint64_t>(INT_MAX) / static_cast<uint64_t>(size_);
    // A test makes the pieces small to go through the steps on small runs.
    if (const char* v = std::getenv("OBJGEN_MPI_PIECE_BYTES")) piece_ = std::clamp<uint64_t>(std::strtoull(v, nullptr, 10), 1, piece_);
    // Every rank must cut the same pieces (mpirun does not pass every variable to every node).
    check(MPI_Allreduce(MPI_IN_PLACE, &piece_, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD), "allreduce");
  }
  ~MpiCluster() override { MPI_Finalize(); }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  // In steps of at most piece_ bytes from each rank: MPI counts and offsets are ints, and a
  // round of a large cluster can pass 2 GiB in all.
  std::vector<std::string> gather_all(const std::string& mine) override {
    uint64_t mine_size = mine.size();
    std::vector<uint64_t> sizes(static_cast<size_t>(size_));
    check(MPI_Allgather(&mine_size, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD), "allgather");
    std::vector<std::string> from(static_cast<size_t>(size_));
    for (int r = 0; r < size_; ++r) from[r].resize(sizes[r]);
    std::vector<int> counts(static_cast<size_t>(size_)), at(static_cast<size_t>(size_));
    std::string step;
    for (uint64_t done = 0;; done += piece_) {
      size_t total = 0;
      for (int r = 0; r < size_; ++r) {
        counts[r] = static_cast<int>(sizes[r] > done ? std::min(piece_, sizes[r] - done) : 0);
        at[r] = static_cast<int>(total);
        total += static_cast<size_t>(counts[r]);
      }
      if (total == 0) return from;
      step.resize(total);
      check(MPI_Allgatherv(mine.data() + std::min(done, mine_size), counts[rank_], MPI_BYTE, step.data(), counts.data(), at.data(),
                           MPI_BYTE, MPI_COMM_WORLD),
            "allgatherv");
      for (int r = 0; r < size_; ++r)
        if (counts[r] > 0) step.copy(from[r].data() + done, static_cast<size_t>(counts[r]), static_cast<size_t>(at[r]));
    }
  }

  // In steps too: every rank sends at most piece_ bytes to each other rank per step.
  std::vector<std::string> exchange(const std::vector<std::string>& to) override {
    const size_t k = static_cast<size_t>(size_);
    if (to.size() != k) throw std::logic_error("objgen: Cluster::exchange needs one buffer per rank");
    std::vector<uint64_t> out_sizes(k), in_sizes(k);
    for (size_t r = 0; r < k; ++r) out_sizes[r] = to[r].size();
    check(MPI_Alltoall(out_sizes.data(), 1, MPI_UINT64_T, in_sizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD), "alltoall");
    std::vector<std::string> from(k);
    for (size_t r = 0; r < k; ++r) from[r].resize(in_sizes[r]);
    std::vector<int> send_counts(k), send_at(k), recv_counts(k), recv_at(k);
    std::string send, recv;
    for (uint64_t done = 0;; done += piece_) {
      auto step = [&](const std::vector<uint64_t>& sizes, std::vector<int>& counts, std::vector<int>& at) {
        size_t total = 0;
        for (size_t r = 0; r < k; ++r) {
          counts[r] = static_cast<int>(sizes[r] > done ? std::min(piece_, sizes[r] - done) : 0);
          at[r] = static_cast<int>(total);
          total += static_cast<size_t>(counts[r]);
        }
        return total;
      };
      size_t sending = step(out_sizes, send_counts, send_at), receiving = step(in_sizes, recv_counts, recv_at);
      uint64_t busy[1] = {sending + receiving};
      reduce(busy, MPI_MAX);
      if (busy[0] == 0) return from;
      send.resize(sending);
      for (size_t r = 0; r < k; ++r)
        if (send_counts[r] > 0) to[r].copy(send.data() + send_at[r], static_cast<size_t>(send_counts[r]), done);
      recv.resize(receiving);
      check(MPI_Alltoallv(send.data(), send_counts.data(), send_at.data(), MPI_BYTE, recv.data(), recv_counts.data(), recv_at.data(),
                          MPI_BYTE, MPI_COMM_WORLD),
            "alltoallv");
      for (size_t r = 0; r < k; ++r)
        if (recv_counts[r] > 0) recv.copy(from[r].data() + done, static_cast<size_t>(recv_counts[r]), static_cast<size_t>(recv_at[r]));
    }
  }

  void sum(std::span<uint64_t> values) override { reduce(values, MPI_SUM); }
  void max(std::span<uint64_t> values) override { reduce(values, MPI_MAX); }
  void barrier() override { check(MPI_Barrier(MPI_COMM_WORLD), "barrier"); }
  [[noreturn]] void abort_all(int exit_code) override {
    MPI_Abort(MPI_COMM_WORLD, exit_code);
    std::_Exit(exit_code);
  }

 private:
  void reduce(std::span<uint64_t> values, MPI_Op op) {
    check(MPI_Allreduce(MPI_IN_PLACE, values.data(), checked_count(values.size()), MPI_UINT64_T, op, MPI_COMM_WORLD), "allreduce");
  }
  int rank_ = 0, size_ = 1;
  uint64_t piece_ = INT_MAX;  // bytes a rank sends in one step of gather_all
};

}  // namespace

bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

std::unique_ptr<Cluster> start_mpi_cluster(int* argc, char*** argv) { return std::make_unique<MpiCluster>(argc, argv); }

}  // namespace objgen
