-- A database migrated with an earlier 024 moved the current task in a trigger on every change of a task between
-- open and closed (two passes per completed step); the completing action moves it itself where it must.
DROP TRIGGER IF EXISTS tasks_current_progress ON tasks;
