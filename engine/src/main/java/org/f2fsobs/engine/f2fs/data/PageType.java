package org.f2fsobs.engine.f2fs.data;

/** enum page_type: which write-merge context a page goes through. */
public enum PageType { DATA, NODE, META }
