package org.f2fsobs.engine.f2fs.ondisk;

/** {@code struct nat_journal_entry}: a NAT entry carried in the HOT_DATA summary's journal of a CP pack. */
public record NatJournalEntry(int nid, int ino, long blkaddr, byte version) {}
