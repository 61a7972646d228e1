#include "harness/harness_cache.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include <cerrno>
#include <filesystem>
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

}  // namespace

std::string content_hash(const std::string& path) {
  // Non-blocking, regular files only: a FIFO put in a header's place must not hang the check.
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return "";
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return "";
  }
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  char buffer[1 << 16];
  ssize_t n = 0;
  while ((n = read(fd, buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) XXH3_64bits_update(state, buffer, static_cast<size_t>(n));
  close(fd);
  uint64_t h = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return n < 0 ? "" : fmt::format("{:016x}", h);
}

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

std::string harness_cache_dir(const std::string& key) { return trusted_cache_dir("harness") + "/" + key; }

long long file_clock_now_ns() {
  struct timespec ts {};
  clock_gettime(CLOCK_REALTIME, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void write_manifest(const std::string& path, const std::vector<std::string>& files, long long build_start_ns,
                    const std::vector<std::string>& artefacts) {
  nlohmann::json deps = nlohmann::json::array();
  for (const std::string& f : files) {
    FileStamp s = stamp(f);
    // File times come from a coarser clock than build_start_ns (the kernel's tick, 10 ms at
    // HZ=100): a file written less than a tick before the build may have been written during it.
    bool racy = s.mtime_ns >= build_start_ns - 20'000'000LL;
    deps.push_back({{"path", f}, {"size", racy ? -1 : s.size}, {"mtime_ns", s.mtime_ns}, {"hash", content_hash(f)}});
  }
  nlohmann::json made = nlohmann::json::array();
  std::string dir = fs::path(path).parent_path().string();
  for (const std::string& name : artefacts) {
    std::string file = fmt::format("{}/{}", dir, name);
    FileStamp s = stamp(file);
    made.push_back({{"file", name}, {"size", s.size}, {"hash", content_hash(file)}});
  }
  write_file_atomically(path, nlohmann::json{{"deps", deps}, {"artefacts", made}}.dump(1) + "\n");
}

std::string artefact_changes(const std::string& manifest_path) {
  std::optional<std::string> text = read_whole_file(manifest_path);
  if (!text) return "no manifest";
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.contains("artefacts") || !j["artefacts"].is_array() || j["artefacts"].empty())
    return "the manifest lists no built files";
  std::string dir = fs::path(manifest_path).parent_path().string();
  for (const auto& a : j["artefacts"]) {
    if (!a.is_object() || !a.contains("file") || !a["file"].is_string()) return "the manifest is damaged";
    std::string name = a["file"], file = fmt::format("{}/{}", dir, name);
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return fmt::format("{} is gone or not a regular file", name);
    if (st.st_uid != geteuid()) return name + " belongs to another user (uid " + std::to_string(st.st_uid) + ")";
    if (st.st_size != a.value("size", -1LL)) return name + " has another size than the one built";
    if (content_hash(file) != a.value("hash", std::string())) return name + " has other contents than the ones built";
  }
  return "";
}

std::string manifest_changes(const std::string& path) {
  std::optional<std::string> text = read_whole_file(path);
  if (!text) return "no manifest";
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.contains("deps") || !j["deps"].is_array()) return "corrupt manifest";
  for (const auto& d : j["deps"]) {
    if (!d.is_object() || !d.contains("path") || !d["path"].is_string()) return "corrupt manifest";
    std::string file = d["path"];
    FileStamp s = stamp(file);
    if (s.size < 0) return file + " is gone";
    if (s.size != d.value("size", -2LL)) return file + " changed";
    // Same size and time: unchanged. Same size, new time (touched, checked out): compare contents.
    if (s.mtime_ns != d.value("mtime_ns", -1LL) && content_hash(file) != d.value("hash", std::string())) return file + " changed";
  }
  return "";
}

}  // namespace objgen
