from tabletop_tui.launch import main

main()
