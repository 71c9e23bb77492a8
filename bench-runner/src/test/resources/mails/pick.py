#!/usr/bin/env python3
"""Item 11 of docs/mail-import.md §1: the automatic part of the pick, over a public-inbox archive.

usage: pick.py ARCHIVE_GIT_DIR   -> one line per candidate, newest first: date, commit, message-id, subject
"""
import email, email.policy, re, subprocess, sys
from email.utils import parsedate_to_datetime

TOOL = re.compile(r'^\s*(?:[-*]\s+|[$#]\s+|["`])?(?:time\s+|sudo\s+)*(?:\./)?(fio|dd|iozone|tiotest)\s', re.M)
FIGURE = re.compile(r'(?:\b\d+m\d+(?:\.\d+)?s\b|\b\d+(?:\.\d+)?\s*(?:MB/s|MiB/s|KB/s|KiB/s|kB/s|GB/s|GiB/s|M/s|IOPS|iops|ms|us|sec|seconds|s)\b)')
SEEDS = ('ckpt_valid_blocks to the section entry', 'vm_map_ram', 'skip checkpoint for compressed file write',
         'multi-thread sequential read', 'change virtual mapping way for compression pages')

def body_text(msg):
    parts = [p for p in msg.walk() if p.get_content_type() == 'text/plain'] or [msg]
    out = []
    for p in parts:
        try:
            out.append(p.get_content())
        except Exception:
            raw = p.get_payload(decode=True) or b''
            out.append(raw.decode('utf-8', 'replace'))
    return '\n'.join(out)

def main(git_dir):
    commits = subprocess.run(['git', '-C', git_dir, 'log', '--format=%H'], capture_output=True, text=True, check=True).stdout.split()
    batch = subprocess.Popen(['git', '-C', git_dir, 'cat-file', '--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    rows = []
    for c in commits:
        batch.stdin.write((c + ':m\n').encode()); batch.stdin.flush()
        header = batch.stdout.readline().split()
        if len(header) < 3 or header[1] != b'blob':
            continue
        data = batch.stdout.read(int(header[2])); batch.stdout.read(1)
        msg = email.message_from_bytes(data, policy=email.policy.default)
        subject = ' '.join(str(msg.get('Subject', '')).split())
        if subject.lower().startswith('re:') or not re.search(r'\[(?:RFC )?PATCH', subject) or 'f2fs:' not in subject:
            continue
        if any(s in subject for s in SEEDS):
            continue
        body = '\n'.join(l for l in body_text(msg).splitlines() if not l.lstrip().startswith('>'))
        if not TOOL.search(body) or len(FIGURE.findall(body)) < 2:
            continue
        try:
            date = parsedate_to_datetime(msg['Date']).isoformat()
        except Exception:
            date = '?'
        rows.append((date, c, str(msg.get('Message-ID', '')).strip(), subject))
    for r in sorted(rows, reverse=True):
        print('\t'.join(r))

if __name__ == '__main__':
    main(sys.argv[1])
