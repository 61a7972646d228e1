#!/usr/bin/env python3
"""Checks a SARIF 2.1.0 log as code scanning reads it: the properties the standard requires
(version, runs, each run's tool.driver.name, each result's message.text), rules that results
point at by id and index, locations with an artifact URI and a 1-based line, code flows whose
steps are in order. With a schema file given (--schema FILE, the OASIS sarif-schema-2.1.0.json)
and python3-jsonschema installed, the log is validated against it too.

  sarif_check.py LOG [--schema FILE] [--expect-results N] [--expect-error-at URI:LINE]
"""
import argparse
import json
import sys


def fail(message):
    print("sarif_check: " + message, file=sys.stderr)
    sys.exit(1)


def check_location(loc, where):
    physical = loc.get("physicalLocation")
    if physical is None:
        return None
    uri = physical.get("artifactLocation", {}).get("uri")
    if not isinstance(uri, str) or not uri:
        fail(where + ": a physical location without an artifact URI")
    line = physical.get("region", {}).get("startLine")
    if not isinstance(line, int) or line < 1:
        fail(where + ": a region without a 1-based startLine")
    return "%s:%d" % (uri, line)


def check_result(result, rules, where):
    if not isinstance(result.get("message", {}).get("text"), str):
        fail(where + ": message.text is required")
    rule_id, index = result.get("ruleId"), result.get("ruleIndex")
    if index is not None and (index >= len(rules) or rules[index].get("id") != rule_id):
        fail(where + ": ruleIndex %s does not name rule %s" % (index, rule_id))
    if result.get("level") not in ("error", "warning", "note", "none"):
        fail(where + ": level %r" % result.get("level"))
    places = [check_location(loc, where) for loc in result.get("locations", [])]
    for flow in result.get("codeFlows", []):
        for thread in flow.get("threadFlows", []):
            steps = thread.get("locations", [])
            if not steps:
                fail(where + ": a thread flow without steps")
            orders = [s.get("executionOrder") for s in steps]
            if orders != sorted(orders):
                fail(where + ": thread flow steps out of order")
            for s in steps:
                check_location(s.get("location", {}), where + " (code flow)")
    return places


def main():
    p = argparse.ArgumentParser()
    p.add_argument("log")
    p.add_argument("--schema")
    p.add_argument("--expect-results", type=int)
    p.add_argument("--expect-error-at")
    a = p.parse_args()
    log = json.load(open(a.log))
    if log.get("version") != "2.1.0" or not isinstance(log.get("runs"), list) or not log["runs"]:
        fail("version 2.1.0 and a list of runs are required")
    errors_at, results = [], 0
    for r, run in enumerate(log["runs"]):
        driver = run.get("tool", {}).get("driver", {})
        if not isinstance(driver.get("name"), str):
            fail("run %d: tool.driver.name is required" % r)
        rules = driver.get("rules", [])
        for i, result in enumerate(run.get("results", [])):
            places = check_result(result, rules, "run %d result %d" % (r, i))
            if result.get("level") == "error":
                errors_at += [p for p in places if p]
            results += 1
    if a.expect_results is not None and results != a.expect_results:
        fail("%d results, expected %d" % (results, a.expect_results))
    if a.expect_error_at and a.expect_error_at not in errors_at:
        fail("no error at %s (errors at %s)" % (a.expect_error_at, errors_at))
    if a.schema:
        import jsonschema
        jsonschema.validate(log, json.load(open(a.schema)))
        print("sarif_check: valid against " + a.schema)
    print("sarif_check: %d results, errors at %s" % (results, errors_at))


main()
