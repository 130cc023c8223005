from tabletop_tui.cli import main

main()
