package org.f2fsobs.engine.f2fs.node;

/** What a node block holds: an inode, a direct node (data addresses) or an indirect node (nids). */
public enum NodeKind { INODE, DIRECT, INDIRECT }
