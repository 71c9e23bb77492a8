package org.f2fsobs.engine.f2fs.node;

/** Mirrors {@code struct dnode_of_data}: the dnode holding a file block's address and the slot in it. */
public record DnodeOfData(NodePage inodePage, NodePage nodePage, int ofsInNode) {
    public long dataBlkaddr() {
        return nodePage.addrs[ofsInNode];
    }

    public int nid() {
        return nodePage.nid;
    }
}
