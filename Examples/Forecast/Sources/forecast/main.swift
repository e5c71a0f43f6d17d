import ForecastKit

ForecastCommand.main()
