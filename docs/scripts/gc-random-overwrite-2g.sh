modprobe null_blk gb=2 memory_backed=1
mkfs.f2fs -f /dev/nullb0
mount -o mode=lfs /dev/nullb0 /mnt
fio --name=fill --filename=/mnt/f --size=1740m --rw=write --bs=1m --end_fsync=1
fio --name=overwrite --filename=/mnt/f --size=1740m --rw=randwrite --bs=4k --fsync=32
