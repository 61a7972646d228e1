#include "exec/mpi_cluster.hpp"

#include <mpi.h>

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

class MpiCluster final : public Cluster {
 public:
  MpiCluster(int* argc, char*** argv) {
    int provided = 0;
    check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "init");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    piece_ = static_cast<uint64_t>(INT_MAX) / static_cast<uint64_t>(size_);
    // A test makes the pieces small to go through the steps on small runs.
    if (const char* v = std::getenv("OBJGEN_MPI_PIECE_BYTES"))
      piece_ = std::clamp<uint64_t>(std::strtoull(v, nullptr, 10), 1, piece_);
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
      check(MPI_Allgatherv(mine.data() + std::min(done, mine_size), counts[rank_], MPI_BYTE, step.data(), counts.data(),
                           at.data(), MPI_BYTE, MPI_COMM_WORLD),
            "allgatherv");
      for (int r = 0; r < size_; ++r)
        if (counts[r] > 0) step.copy(from[r].data() + done, static_cast<size_t>(counts[r]), static_cast<size_t>(at[r]));
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
    check(MPI_Allreduce(MPI_IN_PLACE, values.data(), checked_count(values.size()), MPI_UINT64_T, op, MPI_COMM_WORLD),
          "allreduce");
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
