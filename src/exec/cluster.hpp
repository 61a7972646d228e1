// The ranks of a distributed run, as the generators see them: a few collective operations on
// byte buffers and counters. Every rank must make the same calls in the same order (they are
// collectives). One implementation exists, over MPI (exec/mpi_cluster); a generator given no
// cluster runs alone.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace objgen {

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Every rank's buffer, indexed by rank, on every rank.
  virtual std::vector<std::string> gather_all(const std::string& mine) = 0;
  // to[r] goes to rank r; returns what every rank sent this one, indexed by sender.
  virtual std::vector<std::string> exchange(const std::vector<std::string>& to) = 0;
  // Element-wise sum or maximum over the ranks (every rank passes the same length).
  virtual void sum(std::span<uint64_t> values) = 0;
  virtual void max(std::span<uint64_t> values) = 0;
  virtual void barrier() = 0;
  // Ends every rank of the job (one rank failing alone would leave the others waiting forever).
  [[noreturn]] virtual void abort_all(int exit_code) = 0;
};

}  // namespace objgen
