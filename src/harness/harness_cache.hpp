// Built harnesses are reused across runs. A harness lives in <cache>/harness/<key>/, where the
// key hashes what the user asked for (header, class, flags, working directory) and which objgen
// and compiler build it; its manifest lists every file the compiler read, so that an edited
// header (even one included indirectly) triggers a rebuild without a scan.
#pragma once

#include <string>
#include <vector>

namespace objgen {

// Hex digest of the parts (order matters), plus objgen's version and this executable's identity:
// a rebuilt objgen may have a different runtime ABI, so its harnesses are rebuilt too.
std::string harness_cache_key(const std::vector<std::string>& parts);

// XXH3 of a regular file's bytes as 16 hex digits; "" when it cannot be read (or is not a file).
std::string content_hash(const std::string& path);

// <cache>/harness/<key>; the cache directory and <cache>/harness are made and checked (FileError
// when another user could write them: io/cache_dir.hpp).
std::string harness_cache_dir(const std::string& key);

// Records each file's size, modification time and content hash. A file modified at or after
// build_start (edited while the harness was being built) is recorded as changed, so the next
// run rebuilds rather than trusting contents the compiler may not have seen. artefacts: the
// files the build made (names in the manifest's directory: harness.so, ...), hashed so that a
// cached one changed afterwards (replaced, truncated, damaged) is never loaded.
void write_manifest(const std::string& path, const std::vector<std::string>& files, long long build_start_ns,
                    const std::vector<std::string>& artefacts);
// The current wall-clock time in the units of file modification times.
long long file_clock_now_ns();
// "" when every file in the manifest is unchanged (same contents), else the first changed
// file or the reason the manifest is unusable.
std::string manifest_changes(const std::string& path);
// "" when every artefact the manifest lists is in its directory with the recorded size and hash
// and belongs to this user; else the first one that does not, and how ("harness.so: its
// contents differ from the ones built").
std::string artefact_changes(const std::string& manifest_path);

}  // namespace objgen
