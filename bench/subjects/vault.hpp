// Constant-guarded deep subject (issue 36), an int: Auditor::audit needs a vault of level 3 or more
// whose door is below ground and whose door's lock is engaged and set to a five-digit code. The
// parts are reached only through accessors that return references, the lock through the door's
// (vault.door().lock().setCode(...)). Written for objgen.
#pragma once

namespace subjects {

class Lock {
 public:
  void setCode(int code) { code_ = code; }
  void engage() { engaged_ = true; }
  void release() { engaged_ = false; }
  int code() const { return code_; }
  bool engaged() const { return engaged_; }

 private:
  int code_ = 0;
  bool engaged_ = false;
};

class Door {
 public:
  Lock& lock() { return lock_; }
  const Lock& lock() const { return lock_; }
  void setFloor(int floor) { floor_ = floor; }
  int floor() const { return floor_; }

 private:
  Lock lock_;
  int floor_ = 0;
};

class Vault {
 public:
  Door& door() { return door_; }
  const Door& door() const { return door_; }
  void setLevel(int level) { level_ = level; }
  int level() const { return level_; }

 private:
  Door door_;
  int level_ = 0;
};

class Auditor {
 public:
  // 0: not a strong room; 1: not underground; 2: left open; 3: a wrong code; 4: the master code.
  int audit(const Vault& vault) const {
    if (vault.level() < 3) return 0;
    if (vault.door().floor() >= 0) return 1;
    const Lock& lock = vault.door().lock();
    if (!lock.engaged()) return 2;
    if (lock.code() != kMasterCode) return 3;
    return 4;
  }

  static constexpr int kMasterCode = 48213;
};

}  // namespace subjects
