modprobe null_blk gb=4 memory_backed=1
mkfs.f2fs -f /dev/nullb0
mount -o mode=lfs /dev/nullb0 /mnt
fio --name=cold --filename=/mnt/cold --size=2456m --rw=write --bs=1m --end_fsync=1
fio --name=hot --filename=/mnt/hot --size=1g --rw=write --bs=1m --end_fsync=1
fio --name=age --filename=/mnt/hot --size=1g --rw=randwrite --bs=4k --fsync=32
fio --name=overwrite --filename=/mnt/hot --size=1g --rw=randwrite --bs=4k --fsync=32
