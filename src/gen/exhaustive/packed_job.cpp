#include "gen/exhaustive/packed_job.hpp"

#include <bit>
#include <cstddef>
#include <cstring>
#include <stdexcept>

namespace objgen::exhaustive {
namespace {

// A record is sent without its unused fingerprints (most calls produce one or two values of the
// eight a record has room for): a quarter of its bytes.
constexpr size_t kHead = offsetof(CandidateRecord, fps);

size_t fingerprints_used(const CandidateRecord& r) {
  unsigned used = r.new_mask;
  if (r.slot < kMaxRecordSlots) used |= 1u << r.slot;
  return static_cast<size_t>(std::bit_width(used));
}

}  // namespace

PackedJob read_job(uint64_t job, uint64_t explored, const JobRegion& region, std::vector<CrashNote> crashes) {
  PackedJob p;
  p.job = job;
  p.explored = explored;
  p.records.reserve(region.record_count());
  p.texts.reserve(region.record_count());
  for (size_t i = 0; i < region.record_count(); ++i) {
    p.records.push_back(region.record(i));
    p.texts.push_back(region.text(p.records.back()));
  }
  p.crashes = std::move(crashes);
  return p;
}

void pack_record(ByteWriter& w, const CandidateRecord& record, const std::string& text) {
  CandidateRecord r = record;
  r.text_offset = 0;
  r.text_length = 0;
  w.put_raw(&r, kHead);
  w.put_raw(r.fps, fingerprints_used(r) * sizeof(Fingerprint));
  w.put_string(text);
}

void pack_crashes(ByteWriter& w, const std::vector<CrashNote>& crashes, const std::vector<SubjectCall>& subjects) {
  w.put<uint64_t>(crashes.size());
  for (const CrashNote& c : crashes) {
    w.put(c.candidate);
    w.put(static_cast<uint8_t>(c.kind));
    w.put(c.phase);
    w.put_string(c.what);
  }
  w.put<uint64_t>(subjects.size());
  for (const SubjectCall& c : subjects) {
    w.put(c.state);
    w.put(c.op);
    w.put(c.slot);
    w.put<uint64_t>(c.args.size());
    for (ArgRef a : c.args) w.put(a);
  }
}

void pack_job(ByteWriter& w, const PackedJob& p) {
  pack_job(w, p, [](const CandidateRecord&) { return true; });
}

PackedJob unpack_job(ByteReader& r) {
  PackedJob p;
  p.job = r.get<uint64_t>();
  p.explored = r.get<uint64_t>();
  uint64_t n = r.get<uint64_t>();
  if (n > r.left() / kHead) throw std::runtime_error("a packed job with more records than bytes");
  p.records.resize(n);
  p.texts.reserve(n);
  for (CandidateRecord& rec : p.records) {
    r.get_raw(&rec, kHead);
    size_t used = fingerprints_used(rec);
    r.get_raw(rec.fps, used * sizeof(Fingerprint));
    p.texts.push_back(r.get_string());
  }
  uint64_t deaths = r.get<uint64_t>();
  for (uint64_t i = 0; i < deaths; ++i) {
    CrashNote c;
    c.candidate = r.get<uint64_t>();
    c.kind = static_cast<Outcome>(r.get<uint8_t>());
    c.phase = r.get<uint64_t>();
    c.what = r.get_string();
    p.crashes.push_back(std::move(c));
  }
  uint64_t subjects = r.get<uint64_t>();
  for (uint64_t i = 0; i < subjects; ++i) {
    SubjectCall c;
    c.state = r.get<uint32_t>();
    c.op = r.get<uint32_t>();
    c.slot = r.get<uint8_t>();
    uint64_t args = r.get<uint64_t>();
    if (args > r.left() / sizeof(ArgRef)) throw std::runtime_error("a packed job with more arguments than bytes");
    for (uint64_t a = 0; a < args; ++a) c.args.push_back(r.get<ArgRef>());
    p.subjects.push_back(std::move(c));
  }
  return p;
}

}  // namespace objgen::exhaustive
