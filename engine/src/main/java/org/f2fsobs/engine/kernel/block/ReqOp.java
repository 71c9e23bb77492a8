package org.f2fsobs.engine.kernel.block;

/** enum req_op (the operations the model issues). An empty FLUSH is blkdev_issue_flush(). */
public enum ReqOp { READ, WRITE, FLUSH }
