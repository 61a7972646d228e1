#include "exec/mpi_cluster.hpp"

#include <mpi.h>

#include <climits>
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
  }
  ~MpiCluster() override { MPI_Finalize(); }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  std::vector<std::string> gather_all(const std::string& mine) override {
    int count = checked_count(mine.size());
    std::vector<int> counts(size_), at(size_);
    check(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD), "allgather");
    size_t total = 0;
    for (int r = 0; r < size_; ++r) {
      at[r] = checked_count(total);
      total += static_cast<size_t>(counts[r]);
    }
    std::string all(checked_count(total), '\0');
    check(MPI_Allgatherv(mine.data(), count, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE, MPI_COMM_WORLD),
          "allgatherv");
    std::vector<std::string> from(size_);
    for (int r = 0; r < size_; ++r) from[r] = all.substr(at[r], counts[r]);
    return from;
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
};

}  // namespace

bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

std::unique_ptr<Cluster> start_mpi_cluster(int* argc, char*** argv) { return std::make_unique<MpiCluster>(argc, argv); }

}  // namespace objgen
