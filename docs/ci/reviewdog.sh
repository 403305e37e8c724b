#!/bin/sh
# reviewdog: comments on the lines a pull request changed. With -filter-mode=added only
# findings on added lines are posted; the diff variant posts what the change introduced.
set -e
layerlint lint Snapshots --reporter rdjsonl > layerlint.rdjsonl || true
reviewdog -f=rdjsonl -name=layerlint -reporter=github-pr-review -filter-mode=added < layerlint.rdjsonl
layerlint diff "$BASE/Snapshots" Snapshots --reporter rdjsonl > layerlint-diff.rdjsonl || true
reviewdog -f=rdjsonl -name=layerlint-diff -reporter=github-pr-review -filter-mode=nofilter < layerlint-diff.rdjsonl
