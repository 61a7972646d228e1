// The program mode that runs a reference class in a process of its own (reference_worker.cpp).
#pragma once

namespace objgen::cli {

inline constexpr const char* kReferenceWorkerMode = "__reference-worker";

// argv[1] is kReferenceWorkerMode; never returns once the harness is loaded.
int reference_worker_main(int argc, char** argv);

}  // namespace objgen::cli
