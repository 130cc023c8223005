from tabletop_tui.launch import main

if __name__ == "__main__":  # not when a bot's process imports it (bots/thinker.py)
    main()
