#include "gen/exhaustive/checkpoint.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <new>
#include <sstream>

#include <fmt/format.h>
#include <xxhash.h>

#include "gen/exhaustive/exhaustive.hpp"
#include "io/atomic_file.hpp"
#include "io/byte_stream.hpp"

namespace objgen::exhaustive {
namespace {

constexpr const char* kFormat = "objgen-checkpoint 3";  // 3: fingerprints in files of their own

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// The literal values every parameter of the run's operations takes, in order.
std::string literal_values(const Api& api, const ExhaustiveOptions& opt) {
  std::string all;
  for (uint32_t op : opt.operations)
    for (const auto& p : api.operations()[op].params) {
      if (p.is_object()) continue;
      const auto& values = opt.domain.of(p);
      for (size_t i = 0; i < values.size(); ++i) all += opt.domain.cpp(p, i) + ",";
      all += ";";
    }
  return all;
}

std::string first_difference(const std::string& there, const std::string& here) {
  std::istringstream a(there), b(here);
  std::string la, lb;
  while (true) {
    bool ga = static_cast<bool>(std::getline(a, la)), gb = static_cast<bool>(std::getline(b, lb));
    if (!ga && !gb) return "";
    if (la != lb || ga != gb) {
      auto key = [](const std::string& l) { return l.substr(0, l.find(' ')); };
      auto value = [](const std::string& l) {
        size_t sp = l.find(' ');
        return sp == std::string::npos ? "" : l.substr(sp + 1);
      };
      std::string k = key(ga ? la : lb);
      return k + " is " + (ga ? value(la) : "(none)") + " there and " + (gb ? value(lb) : "(none)") + " here";
    }
  }
}

// A damaged state file must be refused before its contents are believed: ids in it index arrays.
std::string checksum(const std::string& bytes) { return hex(XXH64(bytes.data(), bytes.size(), 0)); }

}  // namespace

std::string checkpoint_run_lines(const Api& api, const ExhaustiveOptions& opt) {
  std::string methods;
  for (uint32_t op : opt.operations) methods += (methods.empty() ? "" : ", ") + api.operations()[op].signature();
  std::string out;
  out += "scope " + std::to_string(opt.scope) + "\n";
  out += "target " + class_vtable(opt.target).name + "\n";
  out += "methods " + methods + "\n";
  std::string literals = literal_values(api, opt);
  out += "literals " + hex(XXH64(literals.data(), literals.size(), 0)) + "\n";
  out += "omit " + (opt.omit_pattern.empty() ? std::string("-") : opt.omit_pattern) + "\n";
  out += "max-iterations " + std::to_string(opt.max_iterations) + "\n";
  // What decides a call's outcome (misuse, failure, hang, out of memory) decides the states too.
  std::string misuse;
  for (const std::string& name : api.misuse().names()) misuse += (misuse.empty() ? "" : ", ") + name;
  out += "misuse " + (misuse.empty() ? std::string("-") : misuse) + "\n";
  out += std::string("validation-errors ") + (api.misuse().creators_validate ? "misuse" : "failure") + "\n";
  out += "call-timeout " + fmt::format("{:g}", opt.call_timeout_seconds) + "\n";
  out += "worker-memory-limit " + std::to_string(opt.worker_memory_limit_bytes) + "\n";
  return out;
}

void CheckpointDir::check_writable() const {
  try {
    ensure_writable_directory(dir_);
  } catch (const std::exception& e) {
    throw CheckpointError(std::string("--checkpoint: ") + e.what());
  }
}

bool CheckpointDir::read_manifest(const std::string& run, CheckpointManifest& out) const {
  std::string file = dir_ + "/manifest";
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return false;
  if (!std::filesystem::is_regular_file(file, ec))
    throw CheckpointError(file + " is not a file (a directory, FIFO or device): not an objgen checkpoint manifest");
  auto text = read_whole_file(file);
  if (!text) throw CheckpointError("cannot read the checkpoint manifest " + file);
  std::istringstream in(*text);
  std::string line, lines;
  if (!std::getline(in, line) || line != kFormat)
    throw CheckpointError(file + " is not an objgen checkpoint manifest (or one of another version)");
  // Read into a fresh manifest: `out` changes only when the whole manifest is good (`run` may
  // be out.run itself).
  CheckpointManifest got;
  bool have_iteration = false;
  while (std::getline(in, line)) {
    if (line.rfind("iteration ", 0) == 0) {
      got.iteration = std::atoi(line.c_str() + 10);
      have_iteration = got.iteration > 0;
    } else if (line.rfind("complete ", 0) == 0) {
      got.complete = line == "complete yes";
    } else if (line.rfind("checksum ", 0) == 0) {
      got.checksum = line.substr(9);
    } else if (line.rfind("fingerprints ", 0) == 0) {
      got.shard_checksums.push_back(line.substr(13));
    } else {
      lines += line + "\n";
    }
  }
  if (!have_iteration || got.shard_checksums.empty()) throw CheckpointError(file + " is damaged (no iteration or no fingerprints)");
  std::string diff = first_difference(lines, run);
  if (!diff.empty())
    throw CheckpointError("the checkpoint in " + dir_ + " was made by another run (" + diff +
                          "): give the same options, or another --checkpoint directory");
  got.run = lines;
  out = std::move(got);
  return true;
}

std::string CheckpointDir::state_file(int iteration) const { return dir_ + "/state-" + std::to_string(iteration) + ".bin"; }

std::string CheckpointDir::shard_file(int iteration, size_t shard, size_t shards) const {
  return fmt::format("{}/fingerprints-{}-{}-of-{}.bin", dir_, iteration, shard, shards);
}

std::string CheckpointDir::write_shard(int iteration, size_t shard, size_t shards, const std::function<void(ByteWriter&)>& fill) const {
  return write_streamed(shard_file(iteration, shard, shards), fill);
}

std::string CheckpointDir::write_streamed(const std::string& file, const std::function<void(ByteWriter&)>& fill) const {
  DurableFileWriter out(file);
  std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)> sum(XXH64_createState(), XXH64_freeState);
  if (!sum || XXH64_reset(sum.get(), 0) != XXH_OK) throw std::bad_alloc();
  constexpr size_t kChunk = size_t{8} << 20;  // what the file costs in memory while it is written
  ByteWriter w(
      [&](std::string_view bytes) {
        XXH64_update(sum.get(), bytes.data(), bytes.size());
        out.append(bytes);
      },
      kChunk);
  fill(w);
  w.flush();
  out.commit();
  return hex(XXH64_digest(sum.get()));
}

void CheckpointDir::write(const CheckpointManifest& m, const std::function<void(ByteWriter&)>& fill_state) const {
  // On the disk before the older state is removed: a power loss must leave one whole checkpoint.
  std::string sum = write_streamed(state_file(m.iteration), fill_state);
  std::string manifest = std::string(kFormat) + "\n" + m.run + "iteration " + std::to_string(m.iteration) + "\ncomplete " +
                         (m.complete ? "yes" : "no") + "\nchecksum " + sum + "\n";
  for (const std::string& sum : m.shard_checksums) manifest += "fingerprints " + sum + "\n";
  write_file_durably(dir_ + "/manifest", manifest);
  std::error_code ec;
  std::vector<std::string> keep{state_file(m.iteration)};
  for (size_t r = 0; r < m.shard_checksums.size(); ++r) keep.push_back(shard_file(m.iteration, r, m.shard_checksums.size()));
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec)) {
    std::string name = e.path().filename().string();
    bool ours = (name.rfind("state-", 0) == 0 || name.rfind("fingerprints-", 0) == 0) && name.size() > 4 &&
                name.compare(name.size() - 4, 4, ".bin") == 0;
    if (ours && std::find(keep.begin(), keep.end(), dir_ + "/" + name) == keep.end()) std::filesystem::remove(e.path(), ec);
  }
}

std::string CheckpointDir::read_shard(const CheckpointManifest& m, size_t shard) const {
  std::string file = shard_file(m.iteration, shard, m.shard_checksums.size());
  auto bytes = read_whole_file(file);
  if (!bytes) throw CheckpointError("cannot read the checkpoint file " + file);
  if (checksum(*bytes) != m.shard_checksums[shard])
    throw CheckpointError("the checkpoint of iteration " + std::to_string(m.iteration) + " in " + dir_ + " is damaged (" + file +
                          " does not match the manifest's checksum)");
  return std::move(*bytes);
}

std::string CheckpointDir::read_state(const CheckpointManifest& m) const {
  auto bytes = read_whole_file(state_file(m.iteration));
  if (!bytes) throw CheckpointError("cannot read the checkpoint file " + state_file(m.iteration));
  if (checksum(*bytes) != m.checksum)
    throw CheckpointError("the checkpoint of iteration " + std::to_string(m.iteration) + " in " + dir_ + " is damaged (" +
                          state_file(m.iteration) + " does not match the manifest's checksum)");
  return std::move(*bytes);
}

}  // namespace objgen::exhaustive
