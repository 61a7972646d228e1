#include "harness/harness_cache.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <time.h>
#include <xxhash.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/atomic_file.hpp"
#include "io/cache_dir.hpp"
#include "objgen/harness_entry.hpp"

namespace objgen {
namespace fs = std::filesystem;

namespace {

struct FileStamp {
  long long size = -1;
  long long mtime_ns = 0;
};

FileStamp stamp(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return {};
  return {static_cast<long long>(st.st_size), st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec};
}

std::string content_hash(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) XXH3_64bits_update(state, buffer, in.gcount());
  uint64_t h = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return fmt::format("{:016x}", h);
}

}  // namespace

std::string harness_cache_key(const std::vector<std::string>& parts) {
  std::string key = fmt::format("abi {} objgen {}\n", kHarnessAbi, OBJGEN_VERSION_STRING);
  std::error_code ec;
  std::string exe = fs::read_symlink("/proc/self/exe", ec).string();
  FileStamp self = stamp(exe);
  key += fmt::format("{} {} {}\n", exe, self.size, self.mtime_ns);
  // The ASan worker beside objgen loads the same harnesses (--checks asan): a rebuilt worker must
  // not find harnesses compiled against other headers.
  std::string worker = (fs::path(exe).parent_path() / "objgen-asan-worker").string();
  if (fs::exists(worker, ec)) {
    FileStamp w = stamp(worker);
    key += fmt::format("{} {} {}\n", worker, w.size, w.mtime_ns);
  }
  for (const std::string& p : parts) key += p + '\0';
  return fmt::format("{:016x}", XXH3_64bits(key.data(), key.size()));
}

std::string harness_cache_dir(const std::string& key) { return cache_root() + "/harness/" + key; }

long long file_clock_now_ns() {
  struct timespec ts {};
  clock_gettime(CLOCK_REALTIME, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void write_manifest(const std::string& path, const std::vector<std::string>& files, long long build_start_ns) {
  nlohmann::json deps = nlohmann::json::array();
  for (const std::string& f : files) {
    FileStamp s = stamp(f);
    // File times come from a coarser clock than build_start_ns: allow it a tick behind.
    bool racy = s.mtime_ns >= build_start_ns - 50'000'000LL;
    deps.push_back({{"path", f}, {"size", racy ? -1 : s.size}, {"mtime_ns", s.mtime_ns}, {"hash", content_hash(f)}});
  }
  write_file_atomically(path, nlohmann::json{{"deps", deps}}.dump(1) + "\n");
}

std::string manifest_changes(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "no manifest";
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("deps") || !j["deps"].is_array()) return "corrupt manifest";
  for (const auto& d : j["deps"]) {
    if (!d.is_object() || !d.contains("path") || !d["path"].is_string()) return "corrupt manifest";
    std::string file = d["path"];
    FileStamp s = stamp(file);
    if (s.size < 0) return file + " is gone";
    if (s.size != d.value("size", -2LL)) return file + " changed";
    // Same size and time: unchanged. Same size, new time (touched, checked out): compare contents.
    if (s.mtime_ns != d.value("mtime_ns", -1LL) && content_hash(file) != d.value("hash", std::string()))
      return file + " changed";
  }
  return "";
}

}  // namespace objgen
