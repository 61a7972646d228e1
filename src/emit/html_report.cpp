#include "emit/html_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include <set>
#include <string_view>

#include "emit/code_writer.hpp"
#include "emit/junit_report.hpp"

namespace objgen::emit {

namespace {

// A path as a relative URL: every byte but letters, digits and -._~/ percent-encoded ('#', '?'
// and '%' in a directory name would cut the link), then escaped for the attribute.
std::string link(const std::string& path) {
  std::string out;
  for (unsigned char c : path)
    out += std::isalnum(c) || std::string_view("-._~/").find(static_cast<char>(c)) != std::string_view::npos
               ? std::string(1, static_cast<char>(c))
               : fmt::format("%{:02X}", c);
  return out;
}

// Text from the code under test is escaped like XML text (markup, control characters, bytes that
// are not UTF-8); HTML reads that the same way.
std::string esc(const std::string& text) { return xml_text(text); }

constexpr const char* kStyle = R"(<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d232a;background:#f6f7f9}
header{background:#23395b;color:#fff;padding:14px 28px}header a{color:#cfe0ff}
main{padding:8px 28px 40px;max-width:1100px}h1{margin:0;font-size:22px}h2{margin-top:28px;border-bottom:1px solid #d5d9e0}
table{border-collapse:collapse;background:#fff;margin:6px 0}td,th{border:1px solid #d5d9e0;padding:4px 10px;text-align:left}
th{background:#eef1f5}.num{text-align:right}.bug{color:#b3261e;font-weight:600}.ok{color:#1b7f3b}.note{color:#7a5b00}
.card{background:#fff;border:1px solid #d5d9e0;border-radius:6px;padding:10px 14px;margin:10px 0}
pre{background:#f0f2f5;padding:8px 10px;overflow-x:auto;margin:6px 0;font-size:13px}
.states{display:flex;flex-wrap:wrap;gap:12px}.state{background:#fff;border:1px solid #d5d9e0;border-radius:6px;padding:8px;flex:1 1 300px}
.state pre{white-space:pre-wrap}
.object{border:2px solid #23395b;border-radius:4px;margin-top:6px}.object div{padding:2px 8px}
.object .cls{background:#23395b;color:#fff;font-weight:600}.object .field{border-top:1px solid #d5d9e0;font-family:monospace}
button{float:right;cursor:pointer}small{color:#5b6470}
</style>
<script>function copyCode(id){navigator.clipboard.writeText(document.getElementById(id).innerText);}</script>
)";

std::string page(const std::string& title, const std::string& heading, const std::string& body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n{}</head>\n<body><header>{}</header>\n"
      "<main>\n{}</main></body></html>\n",
      esc(title), kStyle, heading, body);
}

// A file and line as the user knows them: relative to the site's source root when under it.
class Where {
 public:
  explicit Where(const std::string& root) : prefix_(root.empty() || root.back() == '/' ? root : root + "/") {}
  std::string operator()(const std::string& file, unsigned line) const {
    std::string shown = !prefix_.empty() && file.rfind(prefix_, 0) == 0 ? file.substr(prefix_.size()) : file;
    return line ? fmt::format("{}:{}", shown, line) : shown;
  }

 private:
  std::string prefix_;
};

// The class's findings of one verdict, each once: two commands that found the same fault (same
// check and kind, at the same member, the same message but for its numbers) list it once.
std::vector<const ResultRecord*> distinct_findings(const HtmlClass& c, Verdict verdict) {
  std::vector<const ResultRecord*> out;
  std::set<std::string> seen;
  for (const CheckResults& r : c.results)
    for (const ResultRecord& x : r.results)
      if (x.verdict == verdict && seen.insert(finding_key(x)).second) out.push_back(&x);
  return out;
}

struct Counts {
  size_t bugs = 0, preconditions = 0, unconfirmed = 0;
};
Counts count(const HtmlClass& c) {
  return {distinct_findings(c, Verdict::Bug).size(), distinct_findings(c, Verdict::Precondition).size(),
          distinct_findings(c, Verdict::Unconfirmed).size()};
}

std::string index_page(const HtmlSite& site) {
  Where where(site.source_root);
  std::string rows;
  Counts all;
  for (const HtmlClass& c : site.classes) {
    Counts n = count(c);
    all.bugs += n.bugs, all.preconditions += n.preconditions;
    bool has_page = c.status != "skipped" && c.status != "not reached";
    std::string name = has_page ? fmt::format("<a href=\"{}\">{}</a>", html_page_name(c.name), esc(c.name)) : esc(c.name);
    std::string status = esc(c.status) + (c.why.empty() ? "" : "<br><small>" + esc(c.why) + "</small>");
    std::string states = c.figures.empty() ? "" : esc(c.figures.front().second);
    rows += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td class=num>{}</td><td class=\"num{}\">{}</td><td class=num>{}</td>"
        "<td class=num>{}</td></tr>\n",
        name, esc(where(c.header, c.line)), status, states, n.bugs ? " bug" : "", n.bugs, n.preconditions,
        c.coverage_summary.empty() ? "" : esc(c.coverage_summary));
  }
  std::string body =
      fmt::format("<p>{} class(es), {} bug(s), {} likely precondition(s).</p>\n", site.classes.size(), all.bugs, all.preconditions);
  body +=
      "<table><tr><th>class</th><th>declared at</th><th>status</th><th>states</th><th>bugs</th><th>likely preconditions</th>"
      "<th>coverage</th></tr>\n" +
      rows + "</table>\n";
  if (!site.notes.empty()) {
    body += "<h2>Notes</h2><ul>\n";
    for (const std::string& n : site.notes) body += "<li>" + esc(n) + "</li>\n";
    body += "</ul>\n";
  }
  return page(site.title, "<h1>" + esc(site.title) + "</h1>", body);
}

std::string reproducer(const ResultRecord& x, const std::string& id) {
  std::string code;
  for (const CallSite& call : x.calls) code += call.statement + "\n";
  if (code.empty()) return "";
  return fmt::format("<button onclick=\"copyCode('{}')\">copy</button><pre><code id=\"{}\">{}</code></pre>\n", id, id, esc(code));
}

// The findings of one verdict, each once (two commands finding the same fault list it once).
std::string findings_section(const HtmlClass& c, Verdict verdict, const std::string& heading, const Where& where) {
  std::string cards;
  size_t shown = 0;
  for (const ResultRecord* found : distinct_findings(c, verdict)) {
    const ResultRecord& x = *found;
    std::string id = fmt::format("f{}{}", static_cast<int>(verdict), shown++);
    cards += fmt::format("<div class=card><b class=\"{}\">{}</b>: {}<br><small>{} · check <i>{}</i> · {} · seen {} time(s)</small>\n",
                         verdict == Verdict::Bug ? "bug" : "note", esc(x.kind), esc(x.message), esc(x.operation), esc(x.check),
                         esc(where(x.at.file, x.at.line)), x.hits);
    if (!x.why.empty()) cards += "<p>" + esc(x.why) + "</p>\n";
    cards += reproducer(x, id) + "</div>\n";
  }
  if (shown == 0) return "";
  return fmt::format("<h2 id=\"{}\">{} ({})</h2>\n{}", verdict_name(verdict), heading, shown, cards);
}

std::string members_section(const HtmlClass& c) {
  if (c.members.empty()) return "";
  std::string out =
      "<h2 id=members>Members (params: legal receivers and arguments)</h2>\n<table><tr><th>member</th><th>status</th><th>tries</th>"
      "<th>inputs</th></tr>\n";
  for (const HtmlMember& m : c.members) {
    bool ran = m.status == "normal" || m.status == "repaired";
    out += fmt::format("<tr><td>{}</td><td class=\"{}\">{}</td><td class=num>{}</td><td><pre>{}</pre></td></tr>\n", esc(m.signature),
                       ran ? "ok" : "bug", esc(m.status), m.tries, esc(m.inputs));
  }
  return out + "</table>\n";
}

std::string states_section(const HtmlClass& c) {
  if (c.figures.empty() && c.samples.empty()) return "";
  std::string out = "<h2 id=states>States</h2>\n<table>\n";
  for (const auto& [label, value] : c.figures) out += fmt::format("<tr><th>{}</th><td class=num>{}</td></tr>\n", esc(label), esc(value));
  out += "</table>\n";
  if (c.samples.empty()) return out;
  out +=
      "<p>A sample of the states, from the smallest found to the largest: the calls that build each, and the object as its "
      "observers see it.</p>\n<div class=states>\n";
  for (size_t i = 0; i < c.samples.size(); ++i) {
    const HtmlSample& s = c.samples[i];
    std::string code;
    for (const std::string& call : s.calls) code += call + "\n";
    out += fmt::format("<div class=state><b>state {}</b><pre>{}</pre>", i + 1, esc(code));
    if (!s.observers.empty()) {
      out += "<div class=object><div class=cls>" + esc(c.name) + "</div>";
      for (const auto& [call, value] : s.observers) out += fmt::format("<div class=field>{} = {}</div>", esc(call), esc(value));
      out += "</div>";
    }
    out += "</div>\n";
  }
  return out + "</div>\n";
}

std::string checks_section(const HtmlClass& c) {
  if (std::all_of(c.results.begin(), c.results.end(), [](const CheckResults& r) { return r.checks.empty(); })) return "";
  std::string out = "<h2 id=checks>Checks</h2>\n<table><tr><th>command</th><th>check</th><th>result</th></tr>\n";
  for (const CheckResults& r : c.results)
    for (const std::string& check : r.checks) {
      size_t bugs = 0;
      for (const ResultRecord& x : r.results) bugs += x.check == check && x.verdict == Verdict::Bug;
      out += fmt::format("<tr><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n", esc(r.command), esc(check), bugs ? "bug" : "ok",
                         bugs ? fmt::format("{} bug(s)", bugs) : std::string("passed"));
    }
  return out + "</table>\n";
}

std::string class_page(const HtmlClass& c, const Where& where) {
  Counts n = count(c);
  std::string heading = fmt::format("<a href=\"index.html\">all classes</a><h1>{}</h1>{} · {}{}", esc(c.name), esc(where(c.header, c.line)),
                                    esc(c.status), c.seconds > 0 ? fmt::format(" · {:.1f} s", c.seconds) : "");
  std::string body = fmt::format("<p class=\"{}\">{} bug(s), {} likely precondition(s), {} unconfirmed finding(s).</p>\n",
                                 n.bugs ? "bug" : "ok", n.bugs, n.preconditions, n.unconfirmed);
  body += findings_section(c, Verdict::Bug, "Bugs", where);
  body += findings_section(c, Verdict::Precondition, "Likely preconditions (calls the class may forbid; not counted as bugs)", where);
  body += findings_section(c, Verdict::Unconfirmed, "Unconfirmed (did not show again when replayed alone)", where);
  body += states_section(c) + members_section(c) + checks_section(c);
  if (!c.coverage.empty() || !c.coverage_summary.empty())
    body += fmt::format("<h2 id=coverage>Coverage by the suites</h2><p>{} {}</p>\n", esc(c.coverage_summary),
                        c.coverage.empty() ? "" : fmt::format("<a href=\"{}\">the annotated source</a>", link(c.coverage)));
  if (!c.plots.empty()) {
    body += "<h2 id=plots>Plots</h2>\n";
    for (const std::string& svg : c.plots) body += "<div class=card>" + svg + "</div>\n";  // objgen's own SVG, its text escaped
  }
  if (!c.suites.empty()) {
    body += "<h2 id=suites>Suites</h2><ul>\n";
    for (const std::string& s : c.suites) body += fmt::format("<li><a href=\"{}\">{}</a></li>\n", link(s), esc(s));
    body += "</ul>\n";
  }
  return page(c.name, heading, body);
}

std::string thousands(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

std::string html_page_name(const std::string& class_name) {
  std::string out = c_identifier(class_name);
  return out == "index" ? "index_class.html" : out + ".html";  // a global class named index keeps the index
}

void add_command_report(HtmlClass& c, const std::string& command, const nlohmann::json& report) {
  auto number = [&report](const char* key) { return report.contains(key) && report[key].is_number_unsigned(); };
  if (command == "exhaustive" && number("structures") && number("scope"))
    c.figures.emplace_back(fmt::format("exhaustive: states within scope {}", report["scope"].get<uint64_t>()),
                           thousands(report["structures"].get<uint64_t>()));
  if (command == "random" && number("target_states"))
    c.figures.emplace_back("random: states", thousands(report["target_states"].get<uint64_t>()));
  if (command == "random" && number("calls")) c.figures.emplace_back("random: calls", thousands(report["calls"].get<uint64_t>()));
  if (c.samples.empty() && report.contains("state_samples") && report["state_samples"].is_array())
    for (const nlohmann::json& s : report["state_samples"]) {
      HtmlSample sample;
      for (const nlohmann::json& call : s.value("calls", nlohmann::json::array()))
        if (call.is_string()) sample.calls.push_back(call.get<std::string>());
      for (const nlohmann::json& o : s.value("observers", nlohmann::json::array()))
        if (o.is_object()) sample.observers.emplace_back(o.value("call", ""), o.value("value", ""));
      c.samples.push_back(std::move(sample));
    }
  if (command == "params" && report.contains("methods") && report["methods"].is_array())
    for (const nlohmann::json& m : report["methods"])
      if (m.is_object())
        c.members.push_back({m.value("method", ""), m.value("status", ""), m.value("tries", uint64_t{0}), m.value("inputs", "")});
  if (report.contains("results")) c.results.push_back(results_from_json(report["results"]));
}

std::vector<HtmlFile> html_pages(const HtmlSite& site) {
  std::vector<HtmlFile> files{{"index.html", index_page(site)}};
  Where where(site.source_root);
  for (const HtmlClass& c : site.classes)
    if (c.status != "skipped" && c.status != "not reached") files.push_back({html_page_name(c.name), class_page(c, where)});
  return files;
}

}  // namespace objgen::emit
