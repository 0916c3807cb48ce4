"""Every sentence a decision, a judgment or a cost is said in; the table's narration; the hint."""
