// Where objgen keeps what it can reuse between runs (identified builders, built harnesses), and
// whether it can trust it. A cached harness is code objgen runs: a cache directory another user
// can write lets that user run code as whoever runs objgen next (often root in CI). So, as
// OpenSSH does with ~/.ssh, the cache directory and every level objgen makes in it must belong
// to this user and be writable by no one else, or objgen refuses it (FileError: exit 2). The
// directories above it are not checked: /tmp-like parents (sticky, root's) are fine.
#pragma once

#include <string>

namespace objgen {

// $OBJGEN_CACHE_DIR, else $XDG_CACHE_HOME/objgen, else ~/.cache/objgen, else ./.objgen-cache:
// the path only, nothing checked or made.
std::string cache_root();

// cache_root(), made when missing (mode 0700, and 0700 for the missing directories above it)
// and checked. Throws FileError naming the directory, what is wrong and what to do.
std::string trusted_cache_root();
// trusted_cache_root() + "/" + name, made and checked the same way: a level objgen makes.
std::string trusted_cache_dir(const std::string& name);

// "" when path is owned by this user and writable only by its owner (a symbolic link is
// followed, and must itself be this user's or root's); else why not, e.g. "is writable by its
// group or by others (mode 0777)". A missing path is "does not exist".
std::string untrusted_reason(const std::string& path);
// Throws FileError unless untrusted_reason(dir) is "" (what: "the cache directory").
void require_private_directory(const std::string& dir, const std::string& what);
// Makes dir with mode 0700 unless it exists (then leaves its mode alone), then requires it
// private. Throws FileError when it cannot be made.
void make_private_directory(const std::string& dir, const std::string& what);

}  // namespace objgen
