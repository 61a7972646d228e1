#include "heap/field_extensions.hpp"

#include <xxhash.h>

#include <cstring>

namespace objgen {

bool FieldExtensions::add(ClassId cls, const void* obj) {
  if (!lin_.run(cls, obj)) return false;
  auto words = lin_.words();
  std::vector<uint64_t> key;
  for (const FieldEvent& e : lin_.field_events()) {
    key.clear();
    key.push_back(e.cls);
    key.push_back(e.object);
    key.push_back(e.is_pointer ? e.target_class : 0xffff);
    // Field names are hashed by content: the same field seen through different visits of the
    // description has one name.
    key.push_back(XXH3_64bits(e.name, std::strlen(e.name)));
    key.insert(key.end(), words.begin() + e.begin, words.begin() + e.end);
    XXH128_hash_t h = XXH3_128bits(key.data(), key.size() * sizeof(uint64_t));
    triples_.insert({h.low64, h.high64}, 0);
  }
  return true;
}

}  // namespace objgen
