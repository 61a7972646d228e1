// Cluster over MPI (Open MPI from Debian). Built only when CMake finds MPI (OBJGEN_HAVE_MPI).
#pragma once

#include <memory>

#include "exec/cluster.hpp"

namespace objgen {

// Whether this process was started by an MPI launcher (mpirun, srun with PMI/PMIx).
bool launched_by_mpi();

// Initializes MPI (funneled: only the calling thread talks to MPI); MPI_Finalize at destruction.
std::unique_ptr<Cluster> start_mpi_cluster(int* argc, char*** argv);

}  // namespace objgen
