-- The job library's table (db-scheduler 16, its documented schema; queue/Jobs.java): one row per execution still to
-- run — a matrix cell, a single run, a crash check (TASK_NAME cell, run, crash-check; TASK_INSTANCE the row id), and the
-- recurring queue-pump. A row is picked by one worker (PICKED, PICKED_BY, VERSION), kept alive by LAST_HEARTBEAT while
-- it runs, and deleted when it ends; what happened is in CELLS, RUNS and CRASH_CHECKS. Lower case, as the library writes
-- its statements (H2 stores it upper case).
CREATE TABLE scheduled_tasks (
    task_name             VARCHAR(100) NOT NULL,
    task_instance         VARCHAR(100) NOT NULL,
    task_data             BLOB,
    execution_time        TIMESTAMP WITH TIME ZONE NOT NULL,
    picked                BOOLEAN      NOT NULL,
    picked_by             VARCHAR(50),
    last_success          TIMESTAMP WITH TIME ZONE,
    last_failure          TIMESTAMP WITH TIME ZONE,
    consecutive_failures  INT,
    last_heartbeat        TIMESTAMP WITH TIME ZONE,
    version               BIGINT       NOT NULL,
    priority              SMALLINT,
    PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX execution_time_idx ON scheduled_tasks (execution_time);
CREATE INDEX last_heartbeat_idx ON scheduled_tasks (last_heartbeat);
CREATE INDEX priority_execution_time_idx ON scheduled_tasks (priority DESC, execution_time ASC);
