namespace AccBackup.Durable.Orchestrations;

/// <summary>Shares a run's window of activities among the project sub-orchestrations running at once.</summary>
/// <remarks>
/// Each project gets an equal share while others wait to start; the last ones to start take all that is free, so a
/// large project left alone at the end is not held to a small share. The shares never add up to more than the window.
/// </remarks>
internal sealed class ProjectWindows(int total, int projectsAtOnce)
{
    private int free = total;
    private int running;

    /// <summary>The window of the next project to start, or false while no project may start.</summary>
    /// <param name="projectsLeft">Projects not started yet, this one included.</param>
    public bool TryTake(int projectsLeft, out int window)
    {
        window = 0;
        if (running >= projectsAtOnce || free < 1)
        {
            return false;
        }

        var sharers = Math.Min(projectsAtOnce - running, projectsLeft);
        window = Math.Max(1, free / sharers);
        free -= window;
        running++;
        return true;
    }

    /// <summary>A project finished: its window is free again.</summary>
    public void Return(int window)
    {
        free += window;
        running--;
    }
}
