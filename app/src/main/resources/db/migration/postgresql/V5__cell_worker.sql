-- Which instance ran a cell (its last claim: host-pid of the worker, queue/Jobs.NAME) and how far a running cell has
-- got (phase, fraction, written by that worker every poll interval), so that the page's instance shows cells that run on
-- other instances.
ALTER TABLE CELLS ADD COLUMN WORKER VARCHAR(200);
ALTER TABLE CELLS ADD COLUMN PHASE VARCHAR(64);
ALTER TABLE CELLS ADD COLUMN FRACTION DOUBLE PRECISION;
