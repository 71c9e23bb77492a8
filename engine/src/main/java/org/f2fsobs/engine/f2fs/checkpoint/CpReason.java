package org.f2fsobs.engine.f2fs.checkpoint;

/**
 * Why a checkpoint was written: the reasons of {@code need_do_checkpoint} (enum cp_reason_type, fs/f2fs/f2fs.h) plus
 * the callers of f2fs_write_checkpoint (CP_UMOUNT, CP_SYNC …, cf. cpc->reason).
 */
public enum CpReason {
    CP_NO_NEEDED, CP_NON_REGULAR, CP_COMPRESSED, CP_HARDLINK, CP_SB_NEED_CP, CP_WRONG_PINO, CP_NO_SPC_ROLL,
    CP_NODE_NEED_CP, CP_FASTBOOT_MODE, CP_SPEC_LOG_NUM, CP_RECOVER_DIR, CP_XATTR_DIR,
    // cpc->reason of f2fs_write_checkpoint callers
    CP_UMOUNT, CP_SYNC, CP_RECOVERY, CP_DISCARD, CP_PERIODIC, CP_MKFS
}
